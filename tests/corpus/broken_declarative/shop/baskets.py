"""`Basket.coupon` back-populates what `Coupon` never declares: one declarative base maps
both modules, so every query of the shop fails to configure."""

from sqlalchemy import Column, ForeignKey, Integer
from sqlalchemy.orm import relationship

from shop.db import Base


class Coupon(Base):
    __tablename__ = "coupons"
    id = Column(Integer, primary_key=True)


class Basket(Base):  # expect: unparsed
    __tablename__ = "baskets"
    id = Column(Integer, primary_key=True)
    customer_id = Column(ForeignKey("customers.id"))
    coupon_id = Column(ForeignKey("coupons.id"))
    customer = relationship("Customer", back_populates="baskets")
    coupon = relationship("Coupon", back_populates="baskets")
