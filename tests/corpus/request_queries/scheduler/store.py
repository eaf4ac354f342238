"""A thin store over the shared engine: `get(Model, **filters)` asks the database, it is
no cache in the process."""

from sqlalchemy import select
from sqlalchemy.orm import Session

from scheduler.db import engine


class Store:
    def get(self, model, **filters):
        with Session(engine) as session:
            return session.scalars(select(model).filter_by(**filters)).first()  # expect: UJ001

    def add(self, row):
        with Session(engine) as session:
            session.add(row)
            session.commit()  # expect: UJ001 (on every request whose job has no run yet: per new key)
            return row


store = Store()
