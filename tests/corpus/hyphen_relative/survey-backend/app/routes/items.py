from fastapi import APIRouter, Depends

from ..db import get_db
from ..services.audit import record

router = APIRouter()


@router.post("/items")
def create_item(name: str, db=Depends(get_db)) -> dict:
    db.commit()  # expect: UJ005
    record(db, name)
    return {"name": name}
