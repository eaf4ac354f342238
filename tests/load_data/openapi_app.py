"""A FastAPI app whose OpenAPI schema exercises target generation (served by the tests)."""

from typing import Annotated, Literal

from fastapi import Body, Depends, FastAPI, Path, Query
from fastapi.security import HTTPBearer
from pydantic import BaseModel, Field

app = FastAPI()


class Address(BaseModel):
    city: str = Field(min_length=2)
    zip: str = Field(pattern=r"^[0-9]{5}$")


class Invoice(BaseModel):
    id: int = Field(ge=1)
    amount: float = Field(gt=0)
    currency: Literal["EUR", "USD"]
    address: Address
    tags: list[str] = []


@app.get("/items/{item_id}")
async def get_item(item_id: Annotated[int, Path(ge=7)], q: Annotated[str, Query(min_length=3)]):
    return {"item_id": item_id, "q": q}


@app.post("/invoice")
def post_invoice(invoice: Invoice):
    return {"ok": invoice.id}


@app.put("/users/{name}")
async def put_user(
    name: Annotated[str, Path(examples=["ada"])],
    profile: Annotated[dict, Body(examples=[{"bio": "hi"}])],
):
    return {"name": name, "profile": profile}


@app.get("/search")
async def search(limit: int = 10):
    return {"limit": limit}


@app.get("/me", dependencies=[Depends(HTTPBearer())])
async def me():
    return {}
