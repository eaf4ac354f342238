import time
from typing import Optional

from fastapi import FastAPI
from pydantic import BaseModel, Field


class Entry(BaseModel):
    amount: int = Field(gt=0)
    memo: Optional[str] = None


app = FastAPI()


@app.post("/entries")
async def create(body: Entry):
    time.sleep(0.1)  # expect: UJ001
    return body
