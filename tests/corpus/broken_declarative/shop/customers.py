from sqlalchemy import Column, Integer, String
from sqlalchemy.orm import relationship

from shop.db import Base


class Customer(Base):
    __tablename__ = "customers"
    id = Column(Integer, primary_key=True)
    email = Column(String(120))
    baskets = relationship("Basket", back_populates="customer")
