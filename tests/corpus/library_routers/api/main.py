import time

from fastapi import APIRouter, FastAPI

from api.auth.views import router as auth_router
from api.contests.views import router as contests_router  # (its include is commented out)

v1 = APIRouter()
v1.include_router(auth_router, prefix="/auth")
# v1.include_router(contests_router, prefix="/contests")


@v1.get("/health")
async def health():
    time.sleep(0.1)  # expect: UJ001
    return {"ok": True}


app = FastAPI()
app.include_router(v1, prefix="/api/v1")
