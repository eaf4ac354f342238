"""Routes building models. SQLAlchemy's default constructor raises TypeError for a keyword
the class has no attribute of (`Ticket(opened_by_id=...)` where the column is
`reporter_id`): what follows never runs, and the endpoint returns nothing to validate."""

from fastapi import Depends, FastAPI
from pydantic import BaseModel
from sqlalchemy.orm import Session

from tracker.db import get_db
from tracker.models import Note, Ticket, User


class TicketIn(BaseModel):
    title: str


class TicketOut(BaseModel):
    id: int
    title: str


def current_user(db: Session = Depends(get_db)) -> int:
    return db.get(User, 1).id  # expect: UJ005


app = FastAPI()  # expect: UJ006


@app.post("/tickets", response_model=TicketOut)  # expect: UJ005
def open_ticket(body: TicketIn, db: Session = Depends(get_db), user: int = Depends(current_user)):
    ticket = Ticket(title=body.title, opened_by_id=user)  # (the column is `reporter_id`)
    db.add(ticket)
    db.commit()  # ok: never runs
    return ticket


@app.post("/tickets/{tid}/owner")
async def claim(tid: int, db: Session = Depends(get_db)):
    ticket = Ticket(title="claimed", owner=None, created_by="me", id=tid)  # (a backref's name)
    db.add(ticket)
    db.commit()  # expect: UJ001
    return {"ok": True}


@app.post("/tickets/{tid}/notes")
async def add_note(tid: int, body: str, db: Session = Depends(get_db)):
    note = Note(body=body, ticket_id=tid, author_id=1)  # (its own constructor takes it)
    db.add(note)
    db.commit()  # expect: UJ001
    return {"ok": True}


@app.post("/tickets/{tid}/copy")
async def copy(tid: int, db: Session = Depends(get_db)):
    db.add(Ticket(title="copy", reportr_id=tid))  # (a typo: TypeError before `add`)
    db.commit()  # ok: never runs
    return {"ok": True}


@app.post("/tickets/{tid}/urgent")
async def urgent(tid: int, db: Session = Depends(get_db)):
    db.add(Ticket(title="urgent", priority=1, reporter_id=tid))
    db.commit()  # expect: UJ001
    return {"ok": True}
