"""The audit trail: `AuditEntry.account` names a class that was renamed away."""

from sqlalchemy import ForeignKey, Integer
from sqlalchemy.orm import mapped_column, relationship

from ledger.models import Base


class AuditEntry(Base):  # expect: unparsed
    __tablename__ = "audit_entries"
    id = mapped_column(Integer, primary_key=True)
    account_id = mapped_column(ForeignKey("accounts.id"))
    account = relationship("Customer")
