"""Provider tables read from disk: a loader memoised once per process that a per-key cache
calls (once per process, not per key), and a per-state loader whose set marks what is
loaded while a dict keeps it (once per state); and actors fetched from a remote API only
when the database holds no such row yet (a get-or-create: once per new name)."""

import json

import requests
from fastapi import APIRouter, Depends
from sqlalchemy import String, create_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

providers = APIRouter(prefix="/providers")
_directory = None
_by_region: dict = {}
_loaded_states: set = set()
_index: dict = {}


def _load_directory() -> dict:
    global _directory
    if _directory is None:
        with open("directory.json") as fh:  # expect: UJ001
            _directory = json.load(fh)
    return _directory


def region(name: str) -> list:
    hit = _by_region.get(name)
    if hit is not None:
        return hit
    _by_region[name] = _load_directory().get(name, [])
    return _by_region[name]


def state_table(state: str) -> str:
    if state in _loaded_states:
        return _index.get(state, "")
    with open(f"providers_{state}.csv") as fh:  # expect: UJ001
        _index[state] = fh.read()
    _loaded_states.add(state)
    return _index[state]


@providers.get("/regions/{name}")
async def get_region(name: str) -> list:
    return region(name)


@providers.get("/states/{state}")
async def get_state(state: str) -> str:
    return state_table(state)


engine = create_engine("postgresql+psycopg2://catalog:secret@db.internal/catalog")
SessionLocal = sessionmaker(bind=engine)


class Base(DeclarativeBase):
    pass


class Actor(Base):
    __tablename__ = "actors"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80))


def sync_session():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


@providers.post("/actors/{name}")
async def save_actor(name: str, db: Session = Depends(sync_session)) -> dict:
    found = db.query(Actor).filter(Actor.name == name).first()  # expect: UJ001
    if found is None:
        details = requests.get(f"https://people.example/api?q={name}").json()  # expect: UJ001
        found = Actor(name=details["name"])
        db.add(found)
        db.commit()  # expect: UJ001
    return {"id": found.id}


class SignIn(Base):
    __tablename__ = "sign_ins"
    id: Mapped[int] = mapped_column(primary_key=True)
    outcome: Mapped[str] = mapped_column(String(16))


@providers.post("/sign-in/{name}")
async def sign_in(name: str, db: Session = Depends(sync_session)) -> dict:
    actor = db.query(Actor).filter(Actor.name == name).first()  # expect: UJ001
    if actor is None:
        db.add(SignIn(outcome="unknown"))  # another row: on every failed sign-in, no memo
        db.commit()  # expect: UJ001
        raise LookupError(name)
    return {"id": actor.id}


@providers.post("/sign-in/{name}/audited")
async def audited_sign_in(name: str, db: Session = Depends(sync_session)) -> dict:
    actor = db.query(Actor).filter(Actor.name == name).first()  # expect: UJ001
    if actor is None:
        audit = SignIn(outcome="unknown")
        db.add(audit)
        db.commit()  # expect: UJ001
        raise LookupError(name)
    audit = SignIn(outcome=f"ok:{actor.id}")  # (the same local, another row, named after actor)
    db.add(audit)
    db.commit()  # expect: UJ001
    return {"id": actor.id}


class Member(Base):
    __tablename__ = "members"
    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(80))
    badge: Mapped[str | None] = mapped_column(String(16))


@providers.post("/members/{email}")
async def join(email: str, badge: str = "", db: Session = Depends(sync_session)) -> dict:
    member = db.query(Member).filter(Member.email == email).first()  # expect: UJ001
    if member is None:
        member = Member(email=email, badge=badge or None)
        db.add(member)
        db.commit()  # expect: UJ001
    elif badge and not member.badge:  # a field of the row this call loaded: no memo
        member.badge = badge
        db.add(member)
        db.commit()  # expect: UJ001
    return {"id": member.id}
