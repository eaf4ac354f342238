from sqlalchemy import create_engine
from sqlalchemy.ext.asyncio import AsyncSession, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

engine = create_engine("postgresql://directory@db/directory")
async_engine = create_async_engine("postgresql+asyncpg://directory@db/directory")


class Base(DeclarativeBase):
    pass


class Person(Base):
    __tablename__ = "people"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str]


def get_db():
    with Session(engine) as session:
        yield session


async def get_async_db():
    async with AsyncSession(async_engine) as session:
        yield session
