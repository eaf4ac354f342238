"""A generic CRUD layer whose callers do not all match its signatures: a call that leaves a
parameter without a default unbound raises TypeError before the method's body runs."""

from sqlalchemy import text
from sqlalchemy.orm import Session


class CRUDBase:
    def __init__(self, model: str):
        self.model = model

    def get(self, db: Session, item_id: int):
        return db.execute(text(f"select * from {self.model} where id = :id"), {"id": item_id})  # expect: UJ001

    def update(self, db: Session, *, db_obj, obj_in: dict):
        for key, value in obj_in.items():
            setattr(db_obj, key, value)
        db.commit()  # ok: its one caller leaves `db_obj` unbound: a TypeError first
        return db_obj

    def remove(self, db: Session, *, item_id: int):
        db.execute(text(f"delete from {self.model} where id = :id"), {"id": item_id})  # expect: UJ001


def archive(db: Session, invitation_id: int, reason: str):
    db.execute(text("update invitations set archived = :why"), {"why": reason})  # ok: called without `reason`


def audit(db: Session, invitation_id: int, actor: str):
    db.execute(text("insert into audit values (:id, :who)"), {"id": invitation_id, "who": actor})  # expect: UJ001


def notify(db: Session, invitation_id: int):
    db.execute(text("insert into outbox values (:id)"), {"id": invitation_id})  # ok: called with a keyword it does not take


def expire(db: Session, invitation_id: int):
    db.execute(text("update invitations set expired = true where id = :id"), {"id": invitation_id})  # ok: called with one argument too many


def resend(db: Session, *, invitation_id: int):
    db.execute(text("update invitations set sent = sent + 1 where id = :id"), {"id": invitation_id})  # expect: UJ001


invitation_crud = CRUDBase("invitations")
