import time

from fastapi import APIRouter, Depends, FastAPI

router = APIRouter()


def audit() -> None:
    return None


@router.get("/reports", dependencies=[Depends(audit)])
async def reports():
    time.sleep(0.1)  # expect: UJ001
    return []


app = FastAPI()
app.include_router(router)
