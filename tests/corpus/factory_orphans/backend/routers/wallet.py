from fastapi import APIRouter
from sqlmodel import Session, create_engine, select

engine = create_engine("postgresql://wallet@db/wallet")
router = APIRouter(prefix="/wallets")


@router.get("/")
async def list_wallets():
    with Session(engine) as session:
        return session.exec(select(1)).all()  # expect: UJ001
