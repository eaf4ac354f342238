"""A declarative base built on a class of the project's: every model inherits its `id`,
which no model's body declares."""

from sqlalchemy import Column, Integer
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import declarative_base, declared_attr


class PreBase:
    @declared_attr
    def __tablename__(cls):
        return cls.__name__.lower()

    id = Column(Integer, primary_key=True)


Base = declarative_base(cls=PreBase)

engine = create_async_engine("postgresql+asyncpg://shop@localhost/shop")
Session = async_sessionmaker(engine, class_=AsyncSession)


async def get_session():
    async with Session() as session:
        yield session
