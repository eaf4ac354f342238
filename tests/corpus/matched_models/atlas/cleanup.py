"""A route module importing the schema after the model, under the same name: `City` is the
pydantic class when a request runs, so `db.query(City)` raises ArgumentError at once."""

from fastapi import APIRouter, Depends
from sqlalchemy.orm import Session

from atlas.db import get_db
from atlas.models import City
from atlas.schemas import City  # noqa: F811

cleanup = APIRouter(prefix="/cleanup")


@cleanup.delete("/cities/{city_id}")
async def drop_city(city_id: int, db: Session = Depends(get_db)) -> dict:
    found = db.query(City).filter(City.id == city_id).first()  # ok: ArgumentError first
    db.delete(found)
    db.commit()  # ok: never reached
    return {}


@cleanup.post("/cities")
async def add_city(name: str, db: Session = Depends(get_db)) -> dict:
    city = City(id=0, name=name)
    db.add(city)  # (UnmappedInstanceError: the schema's object is no model's)
    db.commit()  # ok: never reached
    return {}


@cleanup.get("/cities/names")
async def city_names(db: Session = Depends(get_db)) -> list:
    return db.query(City.name).distinct().all()  # ok: a schema's field is no class attribute


def find_city(db: Session, city_id: int):
    return (
        db.query(City).filter(City.id == city_id).first()  # ok: ArgumentError first
    )


def find_or_log(db: Session, city_id: int, strict: bool):
    if strict:
        db.query(City).filter(City.id == city_id).first()  # ok: ArgumentError first
    db.commit()  # expect: UJ001
    raise LookupError(city_id)


@cleanup.delete("/cities/{city_id}/again")
def drop_city_again(city_id: int, db: Session = Depends(get_db)) -> dict:
    found = find_city(db, city_id)  # (raises whenever it runs: nothing below runs either)
    db.delete(found)
    db.commit()  # ok: never reached
    return {}


@cleanup.get("/cities/{city_id}/strict")
async def strict_city(city_id: int, strict: bool, db: Session = Depends(get_db)) -> dict:
    find_or_log(db, city_id, strict)  # (commits, then raises: not a call that does nothing)
    return {}
