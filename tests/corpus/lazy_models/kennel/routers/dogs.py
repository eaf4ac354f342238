from fastapi import APIRouter, Depends
from sqlalchemy import create_engine
from sqlalchemy.orm import Session, sessionmaker

from kennel import models

router = APIRouter(prefix="/dogs")
SessionLocal = sessionmaker(bind=create_engine("postgresql://kennel@db/kennel"))


def get_db():
    with SessionLocal() as db:
        yield db


@router.delete("/{dog_id}")
async def drop_dog(dog_id: int, db: Session = Depends(get_db)):
    dog = db.query(models.Dog).filter(models.Dog.id == dog_id).first()  # expect: UJ001
    db.delete(dog)  # ok: a Dog row, which cascades no delete
    db.commit()  # expect: UJ001
    return {}


@router.delete("/owners/{owner_id}")
async def drop_owner(owner_id: int, db: Session = Depends(get_db)):
    owner = db.query(models.Owner).filter(models.Owner.id == owner_id).first()  # expect: UJ001
    db.delete(owner)  # expect: UJ001 (loads the dogs to delete them)
    db.commit()  # expect: UJ001
    return {}
