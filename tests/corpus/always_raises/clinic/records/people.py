from sqlalchemy import Column, Integer, String
from sqlalchemy.orm import declarative_base

Base = declarative_base()


class Staff(Base):
    __tablename__ = "staff"
    id = Column(Integer, primary_key=True)
    token = Column(String)
