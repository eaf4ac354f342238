# expect: unparsed (lists `ip_limiter()` in the `dependencies=` of `include_router` (line 20), a function, not `Depends(...)`)
"""The limiter factory's function handed to `dependencies=` bare: FastAPI reads its
`.dependency` as it adds the routes, and the app never starts."""
import time

from fastapi import APIRouter, FastAPI

from limits import ip_limiter

router = APIRouter()


@router.post("/hooks/sms")
async def sms():
    time.sleep(0.1)  # ok: its app cannot start
    return {}


app = FastAPI()
app.include_router(router, dependencies=[ip_limiter()])
