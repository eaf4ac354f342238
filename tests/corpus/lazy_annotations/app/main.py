import time

from fastapi import Depends, FastAPI

from app.auth import current_user

app = FastAPI()


@app.get("/me")
async def me(user: dict = Depends(current_user)) -> dict:
    time.sleep(0.1)  # expect: UJ001
    return {"user": user}
