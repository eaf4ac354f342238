from sqlalchemy import Column, String

from shop.db import Base


class Invoice(Base):
    __tablename__ = "invoice"

    pdf_path = Column(String, nullable=False)
