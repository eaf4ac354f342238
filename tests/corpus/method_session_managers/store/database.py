"""A database manager whose sessions come from `@contextmanager` methods: entered, each
gives what the method yields (a sync Session, or an AsyncSession from the async one)."""

from contextlib import asynccontextmanager, contextmanager

from sqlalchemy import create_engine
from sqlalchemy.ext.asyncio import AsyncSession, create_async_engine
from sqlalchemy.orm import Session, sessionmaker


class DatabaseManager:
    def __init__(self, url: str, async_url: str) -> None:
        self.engine = create_engine(url)
        self.async_engine = create_async_engine(async_url)

    @contextmanager
    def create_session(self):
        maker = sessionmaker(bind=self.engine, class_=Session, expire_on_commit=False)
        with maker() as session:
            yield session

    @asynccontextmanager
    async def async_session(self):
        async with AsyncSession(self.async_engine) as session:
            yield session


_MANAGER = DatabaseManager("postgresql://db/shop", "postgresql+asyncpg://db/shop")


def database() -> DatabaseManager:
    return _MANAGER


@contextmanager
def sync_session():
    manager = database()
    with manager.create_session() as session:
        yield session
