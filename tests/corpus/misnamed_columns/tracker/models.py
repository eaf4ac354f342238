"""Models on an abstract base with mixins; one with a constructor of its own, one given an
attribute from outside its body."""

from sqlalchemy import ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from tracker.db import Base


class KeyMixin:
    id: Mapped[int] = mapped_column(primary_key=True)


class Stamped(Base, KeyMixin):
    __abstract__ = True

    created_by: Mapped[str] = mapped_column(String(80))


class Ticket(Stamped):
    __tablename__ = "tickets"

    title: Mapped[str] = mapped_column(String(200))
    reporter_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    priority: Mapped[int]  # (a column declared by its annotation alone)


class Note(Stamped):
    __tablename__ = "notes"

    body: Mapped[str] = mapped_column(String(2000))
    ticket_id: Mapped[int] = mapped_column(ForeignKey("tickets.id"))

    def __init__(self, **fields):
        fields.pop("author_id", None)
        super().__init__(**fields)


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    tickets = relationship("Ticket", backref="owner")
