"""A model whose base is a value a call made (`Base = declarative_base()`): its attributes
are SQLAlchemy's (`metadata`, `__table__`), so reading one raises nothing."""

import smtplib

from fastapi import APIRouter
from sqlalchemy import Column, Integer
from sqlalchemy.orm import declarative_base

Base = declarative_base()
tables = APIRouter(prefix="/tables")


class Record(Base):
    __tablename__ = "records"
    id = Column(Integer, primary_key=True)


def mail_schema(metadata) -> None:
    with smtplib.SMTP("mail.internal", 587) as smtp:  # expect: UJ001
        smtp.sendmail("clinic@internal", ["dba@internal"], str(metadata))  # expect: UJ001


@tables.post("/schema")
async def schema():
    mail_schema(Record.metadata)
    return {}
