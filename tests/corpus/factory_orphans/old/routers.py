# the first version of the API, kept beside the app: no module of its program imports it
from fastapi import APIRouter
from sqlmodel import Session, create_engine, select

engine = create_engine("postgresql://wallet@db/wallet")
router = APIRouter()


@router.get("/items")
async def read_items():
    with Session(engine) as session:
        return session.exec(select(1)).all()  # ok: never served
