"""The atlas's models: `Region.cities` is what `City.region` back-populates, and `Route.city`
gets its other side from a backref."""

from sqlalchemy import ForeignKey, Integer, String
from sqlalchemy.orm import declarative_base, relationship
from sqlalchemy.schema import Column

Base = declarative_base()


class Region(Base):
    __tablename__ = "regions"
    id = Column(Integer, primary_key=True)
    name = Column(String(80))
    cities = relationship("City", back_populates="region")


class City(Base):
    __tablename__ = "cities"
    id = Column(Integer, primary_key=True)
    region_id = Column(ForeignKey("regions.id"))
    region = relationship("Region", back_populates="cities")


class Route(Base):
    __tablename__ = "routes"
    id = Column(Integer, primary_key=True)
    city_id = Column(ForeignKey("cities.id"))
    city = relationship("City", backref="routes")



class Visit(Base):
    __tablename__ = "visits"
    id = Column(Integer, primary_key=True)
    city_id = Column(ForeignKey("cities.id"))
    city = relationship("City", back_populates="visits")


City.visits = relationship("Visit", back_populates="city")  # (given after both classes)
