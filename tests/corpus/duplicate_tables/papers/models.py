# expect: unparsed (the table `paper_authors` twice: importing this module fails)
from sqlalchemy import Column, ForeignKey, Integer, String
from sqlalchemy.orm import declarative_base

Base = declarative_base()


class Paper(Base):
    __tablename__ = "papers"
    id = Column(Integer, primary_key=True)
    title = Column(String)


class PaperAuthor(Base):
    __tablename__ = "paper_authors"
    id = Column(Integer, primary_key=True)
    paper_id = Column(Integer, ForeignKey("papers.id"))


class Review(Base):
    __tablename__ = "reviews"
    id = Column(Integer, primary_key=True)


class Reviewer(Base):
    __tablename__ = "reviews"  # (the same table again, but extending the first)
    __table_args__ = {"extend_existing": True}
    score = Column(Integer)


class PaperAuthor(Base):  # noqa: F811 (pasted again below, with a new column)
    __tablename__ = "paper_authors"
    id = Column(Integer, primary_key=True)
    paper_id = Column(Integer, ForeignKey("papers.id"))
    position = Column(Integer)
