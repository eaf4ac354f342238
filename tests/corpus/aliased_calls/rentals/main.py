"""An endpoint named like the service function it calls, imported under another name: the
fix hands the thread the name the endpoint calls (`end_rental_service`), never its own."""

from fastapi import FastAPI

from rentals.service import end_rental as end_rental_service

app = FastAPI()  # expect: UJ006


@app.post("/rentals/{rental_id}/end")
async def end_rental(rental_id: int):
    end_rental_service(rental_id)
    return {"ended": rental_id}


from fastapi import Depends  # noqa: E402
from sqlalchemy import create_engine  # noqa: E402
from sqlalchemy.orm import Session, sessionmaker  # noqa: E402

from rentals.ledger import open_rentals as list_open  # noqa: E402

SessionLocal = sessionmaker(bind=create_engine("postgresql://rentals@db/rentals"))


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


@app.get("/stations/{station}/open")
def station_open(station: str, db: Session = Depends(get_db)):
    return [row.id for row in list_open(db, station)]


from typing import cast  # noqa: E402

from rentals.stores import Store, _store, get_store  # noqa: E402


@app.post("/rentals/{rental_id}/archive")
async def archive_rental(rental_id: int):
    get_store().archive(rental_id)
    return {"archived": rental_id}


@app.post("/rentals/{rental_id}/restore")
async def restore_rental(rental_id: int):
    cast(Store, _store).restore(rental_id)
    return {"restored": rental_id}
