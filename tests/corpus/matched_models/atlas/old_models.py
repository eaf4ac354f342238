"""The first draft of the models, which nothing imports any more: SQLAlchemy never maps it."""

from sqlalchemy import ForeignKey, Integer
from sqlalchemy.orm import declarative_base, relationship
from sqlalchemy.schema import Column

DraftBase = declarative_base()


class Town(DraftBase):
    __tablename__ = "towns"
    id = Column(Integer, primary_key=True)


class Street(DraftBase):
    __tablename__ = "streets"
    id = Column(Integer, primary_key=True)
    town_id = Column(ForeignKey("towns.id"))
    town = relationship("Town", back_populates="streets")
