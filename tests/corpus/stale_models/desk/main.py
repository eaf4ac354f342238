from fastapi import Depends, FastAPI
from sqlalchemy import create_engine
from sqlalchemy.orm import Session, sessionmaker

from desk.models import Ticket

engine = create_engine("postgresql://desk@127.0.0.1/desk")
SessionLocal = sessionmaker(bind=engine)
app = FastAPI()


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


@app.post("/tickets/{ticket_id}/views")
async def view(ticket_id: int, db: Session = Depends(get_db)) -> dict:
    ticket = db.get(Ticket, ticket_id)  # expect: UJ001
    with open("/srv/views.log", "a") as log:  # expect: UJ001
        log.write(str(ticket_id))
    return {"title": ticket.title}
