"""A service dependency that only builds objects from the session it is handed: made
`async def`, it would run on the loop with nothing to block on, and save a trip."""

from fastapi import APIRouter, Depends
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session, sessionmaker

engine = create_engine("postgresql://db.internal/zoo")
TicketSession = sessionmaker(engine)
router = APIRouter()


def get_tickets_db():
    db = TicketSession()
    try:
        yield db
    finally:
        db.close()


class TicketRepository:
    def __init__(self, db: Session) -> None:
        self.db = db

    def count(self) -> int:
        return self.db.execute(text("select count(*) from tickets")).scalar()  # expect: UJ005


class TicketService:
    def __init__(self, repo: TicketRepository) -> None:
        self.repo = repo


def get_ticket_service(db: Session = Depends(get_tickets_db)) -> TicketService:
    return TicketService(TicketRepository(db))


@router.get("/tickets/count")  # expect: UJ005 (four trips)
def count_tickets(service: TicketService = Depends(get_ticket_service)) -> int:
    return service.repo.count()


def require_staff() -> None:
    return None


staff_only = Depends(require_staff)


@router.get("/tickets/audit", dependencies=[staff_only])  # expect: UJ005
def audit_tickets(service: TicketService = Depends(get_ticket_service)) -> int:
    return 0
