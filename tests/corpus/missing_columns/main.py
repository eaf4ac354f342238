"""The RSVP model lost its `user_id` and `status` columns in a refactor; the routes that
still filter on them raise AttributeError as the filter is built, before any query."""

from fastapi import Depends, FastAPI
from sqlalchemy import create_engine
from sqlalchemy.orm import Session, sessionmaker

from models import RSVP

engine = create_engine("postgresql://events@db/events")
SessionLocal = sessionmaker(bind=engine)
app = FastAPI()  # expect: UJ006


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


@app.get("/events/{event_id}/rsvps/me")
def my_rsvp(event_id: int, user_id: int, db: Session = Depends(get_db)):
    return db.query(RSVP).filter(RSVP.event_id == event_id, RSVP.user_id == user_id).first()  # ok: RSVP has no user_id


@app.get("/events/{event_id}/going")
def going(event_id: int, db: Session = Depends(get_db)):
    rows = db.query(RSVP).filter(RSVP.event_id == event_id, RSVP.status == "going")  # ok: nor status
    return rows.count()  # ok: after the error


@app.get("/events/{event_id}/rsvps")
def rsvps(event_id: int, db: Session = Depends(get_db)):
    return db.query(RSVP).filter(RSVP.event_id == event_id).all()  # expect: UJ005


@app.get("/events/{event_id}/notes")
def notes(event_id: int, db: Session = Depends(get_db)):
    # `note` is a column declared by its annotation alone; `event` comes from a backref
    return db.query(RSVP.note).filter(RSVP.event.has(id=event_id)).all()  # expect: UJ005


@app.post("/events/{event_id}/rsvps")
async def add_rsvp(event_id: int, db: Session = Depends(get_db)):
    row = RSVP(event_id=event_id)
    db.add(row)
    db.commit()  # expect: UJ001
    db.refresh()  # ok: no instance given, TypeError before any SQL
    return row


from schemas import RSVPIn, RSVPWithStatus  # noqa: E402


@app.post("/events/{event_id}/rsvps/plain")
async def add_plain(event_id: int, body: RSVPIn, db: Session = Depends(get_db)):
    row = RSVP(event_id=event_id, **body.model_dump())  # every field is a column
    db.add(row)
    db.commit()  # expect: UJ001
    return row


@app.post("/events/{event_id}/rsvps/status")
async def add_with_status(event_id: int, body: RSVPWithStatus, db: Session = Depends(get_db)):
    row = RSVP(event_id=event_id, **body.model_dump())  # `status` is no column: TypeError
    db.add(row)
    db.commit()  # ok: never runs
    return row


@app.post("/events/{event_id}/rsvps/partial")
async def add_partial(event_id: int, body: RSVPWithStatus, db: Session = Depends(get_db)):
    row = RSVP(event_id=event_id, **body.model_dump(exclude={"status"}))
    db.add(row)
    db.commit()  # expect: UJ001
    return row


from schemas import RSVPWithSecret  # noqa: E402


@app.post("/events/{event_id}/rsvps/secret")
async def add_with_secret(event_id: int, body: RSVPWithSecret, db: Session = Depends(get_db)):
    row = RSVP(event_id=event_id, **body.model_dump())  # `secret` is excluded from the dump
    db.add(row)
    db.commit()  # expect: UJ001
    return row


from schemas import RSVPForEvent  # noqa: E402


@app.post("/events/{event_id}/rsvps/for-event")
async def add_for_event(event_id: int, body: RSVPForEvent, db: Session = Depends(get_db)):
    row = RSVP(**body.model_dump(), event_id=event_id)  # `event_id` twice: TypeError
    db.add(row)
    db.commit()  # ok: never runs
    return row


from schemas import RSVPFlags, RSVPPatch  # noqa: E402


@app.patch("/rsvps/{rsvp_id}")
async def patch_rsvp(rsvp_id: int, body: RSVPPatch, db: Session = Depends(get_db)):
    changes = body.dict(exculde_unset=True)  # misspelt: no pydantic dump takes it, TypeError
    db.query(RSVP).filter(RSVP.id == rsvp_id).update(changes)  # ok: never runs
    db.commit()  # ok: nor this


@app.put("/rsvps/{rsvp_id}")
async def put_rsvp(rsvp_id: int, body: RSVPPatch, db: Session = Depends(get_db)):
    changes = body.model_dump(exclude_unset=True, by_alias=True)
    db.query(RSVP).filter(RSVP.id == rsvp_id).update(changes)  # expect: UJ001
    db.commit()  # expect: UJ001


@app.post("/rsvps/{rsvp_id}/flags")
async def flag_rsvp(rsvp_id: int, body: RSVPFlags, db: Session = Depends(get_db)):
    flags = body.dict(only_set=True)  # the schema's own `dict` takes it
    db.query(RSVP).filter(RSVP.id == rsvp_id).update(flags)  # expect: UJ001
    db.commit()  # expect: UJ001
