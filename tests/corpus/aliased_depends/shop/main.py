from fastapi import Depends, FastAPI

from shop.deps import BasketDep, DbDep, get_owner

app = FastAPI()  # expect: UJ006


@app.post("/baskets/{basket_id}/checkout")
async def checkout(basket: BasketDep, db: DbDep):
    db.commit()  # expect: UJ001
    return basket


@app.post("/baskets/{basket_id}/lines")
async def add_line(basket: dict = Depends(BasketDep), db=Depends(DbDep)):
    db.commit()  # ok: every request is answered 422 (`args`, `kwargs` missing) first
    return basket


@app.get("/owner")
async def owner(name: str = Depends(get_owner)):
    return {"owner": name}
