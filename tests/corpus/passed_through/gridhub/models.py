"""Models for `session.delete`: deleting a `Rack` loads its `Node`s first (the relationship
must null their foreign key or cascade), deleting a `Label` loads nothing — it declares no
relationship and no `backref` can add one — so only its `commit` talks to the database. A
`Tag` declares none either, but a `Shelf`'s `backref=` gives it one."""

from sqlalchemy import ForeignKey
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, relationship


class Base(DeclarativeBase):
    pass


class Rack(Base):
    __tablename__ = "racks"
    id: Mapped[int] = mapped_column(primary_key=True)
    nodes = relationship("Node", back_populates="rack")


class Node(Base):
    __tablename__ = "nodes"
    id: Mapped[int] = mapped_column(primary_key=True)
    rack_id: Mapped[int] = mapped_column(ForeignKey("racks.id"))
    rack = relationship("Rack", back_populates="nodes")


class Label(Base):
    __tablename__ = "labels"
    id: Mapped[int] = mapped_column(primary_key=True)
    text: Mapped[str]


def retire(session: Session, rack: Rack, label: Label) -> None:
    session.delete(label)  # ok: a Label has no relationship to load
    session.delete(rack)  # expect: UJ001
    session.commit()  # expect: UJ001


class Tag(Base):
    __tablename__ = "tags"
    id: Mapped[int] = mapped_column(primary_key=True)
    shelf_id: Mapped[int] = mapped_column(ForeignKey("shelves.id"))


class Shelf(Base):
    __tablename__ = "shelves"
    id: Mapped[int] = mapped_column(primary_key=True)
    tags = relationship("Tag", backref="shelf")


def untag(session: Session, tag: Tag, label: Label) -> None:
    session.delete(tag)  # expect: UJ001
    session.delete(label)  # ok: no backref names a Label
