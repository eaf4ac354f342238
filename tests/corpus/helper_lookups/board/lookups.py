"""A helper given the model class, as many apps write `get_object_or_404`."""

from fastapi import HTTPException
from sqlalchemy.orm import Session


def get_or_404(db: Session, model, key: int):
    found = db.get(model, ident=key)  # expect: UJ001
    if found is None:
        raise HTTPException(status_code=404, detail=f"{model.__name__} not found")
    return found


def first_or_404(db: Session, model, key: int):
    return db.query(model).filter(model.id == key).first()  # expect: UJ001
