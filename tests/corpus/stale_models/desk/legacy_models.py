"""A models module left behind on the same base, which nothing imports any more: its
relationship names a class that is gone, but the program never maps it, so the desk's own
queries still run (and what follows them)."""

from sqlalchemy import ForeignKey, Integer
from sqlalchemy.orm import mapped_column, relationship

from desk.models import Base


class Escalation(Base):
    __tablename__ = "escalations"
    id = mapped_column(Integer, primary_key=True)
    ticket_id = mapped_column(ForeignKey("tickets.id"))
    owner = relationship("Supervisor")
