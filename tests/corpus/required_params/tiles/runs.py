"""Which analysis run a tile or a legend is cut from: the one asked for, else the latest."""

from sqlalchemy import text
from sqlalchemy.orm import Session

BY_ID = text("SELECT id FROM runs WHERE id = :id")
LEGENDS = text("SELECT * FROM legends WHERE run = :id")


def resolve_run(db: Session, run_id: int | None) -> int:
    if run_id is not None:
        return db.execute(BY_ID, {"id": run_id}).scalar_one()  # expect: UJ005
    return db.execute(text("SELECT max(id) FROM runs")).scalar_one()


def legend_rows(db: Session, run_id: int | None = None) -> list:
    if run_id is None:
        return list(db.execute(text("SELECT * FROM legends ORDER BY run DESC")))  # expect: UJ005
    return list(db.execute(LEGENDS, {"id": run_id}))  # expect: UJ005
