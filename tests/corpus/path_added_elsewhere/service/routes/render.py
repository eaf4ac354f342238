# expect: unparsed (imports modules.config, which no folder on its path holds)
import time

from fastapi import APIRouter

from modules.config import default_steps

router = APIRouter()


@router.post("/render")
async def render(steps: int = default_steps):
    time.sleep(0.01 * steps)
    return {"steps": steps}
