"""The ledger's models: `Invoice.owner` names a back-reference `Account` never declared."""

from sqlalchemy import ForeignKey, Integer, String
from sqlalchemy.orm import DeclarativeBase, mapped_column, relationship


class Base(DeclarativeBase):
    pass


class Account(Base):
    __tablename__ = "accounts"
    id = mapped_column(Integer, primary_key=True)
    email = mapped_column(String(120))


class Invoice(Base):  # expect: unparsed
    __tablename__ = "invoices"
    id = mapped_column(Integer, primary_key=True)
    account_id = mapped_column(ForeignKey("accounts.id"))
    owner = relationship("Account", back_populates="invoices")
