from sqlalchemy import ForeignKey, create_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship, sessionmaker

engine = create_engine("postgresql+psycopg2://pets:secret@127.0.0.1/pets")
SessionLocal = sessionmaker(bind=engine)


class Base(DeclarativeBase):
    pass


class Owner(Base):
    __tablename__ = "owner"
    id: Mapped[int] = mapped_column(primary_key=True)
    pets: Mapped[list["Pet"]] = relationship("Pet", back_populates="owner")
    notes: Mapped[list["Note"]] = relationship("Note", cascade="all, delete-orphan")


class Note(Base):
    __tablename__ = "note"
    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("owner.id"))


class Pet(Base):
    __tablename__ = "pet"
    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("owner.id"))
    owner: Mapped["Owner"] = relationship("Owner", back_populates="pets")


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()
