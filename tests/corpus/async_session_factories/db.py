"""Session factories of both kinds: `sessionmaker(class_=AsyncSession)` builds AsyncSessions,
as `async_sessionmaker` does, whose calls are awaited; a plain `sessionmaker` builds sync
Sessions, whose calls block wherever they run."""

from sqlalchemy import create_engine
from sqlalchemy.ext.asyncio import AsyncSession, create_async_engine
from sqlalchemy.orm import sessionmaker

async_engine = create_async_engine("postgresql+asyncpg://shop@db/shop")
sync_engine = create_engine("postgresql://shop@db/shop")


class AuditedSession(AsyncSession):
    """The project's own AsyncSession: still awaited."""


async_session_maker = sessionmaker(bind=async_engine, class_=AsyncSession, expire_on_commit=False)
audited_session_maker = sessionmaker(async_engine, class_=AuditedSession)
sync_session_maker = sessionmaker(bind=sync_engine)
