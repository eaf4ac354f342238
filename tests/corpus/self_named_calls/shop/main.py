from fastapi import Depends, FastAPI
from pydantic import BaseModel

from shop import ledger, payments
from shop.db import get_db

app = FastAPI()  # expect: UJ006


class PaymentUpdate(BaseModel):
    state: str | None = None


@app.put("/payments/{item_id}")
def update(item_id: int, request: PaymentUpdate, db=Depends(get_db)):
    return payments.update(db=db, request=request, item_id=item_id)


@app.put("/payments/{item_id}/state")
def put_state(item_id: int, state: str, db=Depends(get_db)):
    return ledger.update(db, item_id, {"state": state})
