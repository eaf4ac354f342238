"""Models for `session.delete`: SQLAlchemy's `delete()` sends SQL only to cascade the delete —
it loads the rows of the object's relationships whose `cascade` deletes (`"all"`,
`"delete-orphan"`) — and leaves the rest to the flush (`commit()`), where a child's foreign
key is set to null. Deleting a `Crate` loads its `Bottle`s; deleting a `Rack` (whose `nodes`
keep the default cascade) or a `Label` (no relationship) loads nothing. A `Tag` declares no
relationship, but a `Shelf`'s `backref(..., cascade="all")` gives it one that deletes; a
`Badge` gets one from a plain `backref="holder"`, which keeps the default cascade."""

from sqlalchemy import ForeignKey, select
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, backref, mapped_column, relationship


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


class Crate(Base):
    __tablename__ = "crates"
    id: Mapped[int] = mapped_column(primary_key=True)
    bottles = relationship("Bottle", cascade="all, delete-orphan")


class Bottle(Base):
    __tablename__ = "bottles"
    id: Mapped[int] = mapped_column(primary_key=True)
    crate_id: Mapped[int] = mapped_column(ForeignKey("crates.id"))


class Label(Base):
    __tablename__ = "labels"
    id: Mapped[int] = mapped_column(primary_key=True)
    text: Mapped[str]


def retire(session: Session, rack: Rack, crate: Crate, label: Label) -> None:
    session.delete(label)  # ok: a Label has no relationship to load
    session.delete(rack)  # ok: its nodes are read at the flush, to null their rack_id
    session.delete(crate)  # expect: UJ001
    session.commit()  # expect: UJ001


class Tag(Base):
    __tablename__ = "tags"
    id: Mapped[int] = mapped_column(primary_key=True)
    shelf_id: Mapped[int] = mapped_column(ForeignKey("shelves.id"))


class Shelf(Base):
    __tablename__ = "shelves"
    id: Mapped[int] = mapped_column(primary_key=True)
    tags = relationship("Tag", backref=backref("shelf", cascade="all"))


class Badge(Base):
    __tablename__ = "badges"
    id: Mapped[int] = mapped_column(primary_key=True)
    holder_id: Mapped[int] = mapped_column(ForeignKey("holders.id"))


class Holder(Base):
    __tablename__ = "holders"
    id: Mapped[int] = mapped_column(primary_key=True)
    badges = relationship("Badge", backref="holder")


def untag(session: Session, tag: Tag, label: Label, badge: Badge) -> None:
    session.delete(tag)  # expect: UJ001
    session.delete(label)  # ok: no backref names a Label
    session.delete(badge)  # ok: its backref keeps the default cascade


def drop_rack(session: Session, rack_id: int) -> None:
    rack = session.query(Rack).filter(Rack.id == rack_id).first()  # expect: UJ001
    session.delete(rack)  # ok: a Rack's relationship keeps the default cascade
    crate = session.get(Crate, rack_id)  # expect: UJ001
    session.delete(crate)  # expect: UJ001


def drop_rack_by_statement(session: Session, rack_id: int, crate_id: int) -> None:
    statement = select(Rack).where(Rack.id == rack_id)
    rack = session.scalar(statement)  # expect: UJ001
    session.delete(rack)  # ok: a Rack's relationship keeps the default cascade
    label = session.scalars(select(Label).where(Label.id == rack_id)).first()  # expect: UJ001
    session.delete(label)  # ok: a Label has no relationship to load
    crate = session.execute(select(Crate).where(Crate.id == crate_id)).scalar_one()  # expect: UJ001
    session.delete(crate)  # expect: UJ001


def clear_labels(session: Session) -> None:
    blank = session.query(Label).filter(Label.text == "").all()  # expect: UJ001
    for label in blank:
        session.delete(label)  # ok: a Label has no relationship to load


def clear_crates(session: Session) -> None:
    for crate in session.scalars(select(Crate).where(Crate.id < 0)).all():  # expect: UJ001
        session.delete(crate)  # expect: UJ001


class LabelStore:
    """A repository whose lookup gives the row its own `delete` removes: a Label's."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def find(self, label_id: int):
        return self.session.query(Label).filter(Label.id == label_id).first()  # expect: UJ001

    def remove(self, label_id: int) -> None:
        label = self.find(label_id)
        if label:
            self.session.delete(label)  # ok: a Label has no relationship to load
            self.session.commit()  # expect: UJ001


def merge_blank_labels(session: Session, keep_id: int) -> None:
    blank = session.query(Label).filter(Label.text == "").all()  # expect: UJ001
    for extra in [label for label in blank if label.id != keep_id]:
        for suffix in sorted(["-old", "-new"]):  # (a loop over no rows beside it)
            extra.text += suffix
        session.delete(extra)  # ok: a Label has no relationship to load
    session.commit()  # expect: UJ001
