from fastapi import Depends, FastAPI

from deps.deps import check_password, fee_table

app = FastAPI()


@app.get("/fees")
async def fees(table: str = Depends(fee_table)):
    return table


@app.post("/login")
async def login(password: str, hashed: str):
    return await check_password(password, hashed)
