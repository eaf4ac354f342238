"""The engines: the sync one the routes' sessions use, and an async one for the archive."""

from sqlalchemy import MetaData, create_engine
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.orm import declarative_base

engine = create_engine("postgresql://clinic@db/clinic")
archive_engine = create_async_engine("postgresql+asyncpg://clinic@db/archive")
LegacyBase = declarative_base()
audit_metadata = MetaData()


def init_schema() -> None:
    from clinic.models import Base

    Base.metadata.create_all(bind=engine)  # expect: UJ002


def reflect_audit() -> None:
    audit_metadata.reflect(bind=engine)  # expect: UJ002


async def init_archive() -> None:
    async with archive_engine.begin() as conn:
        await conn.run_sync(LegacyBase.metadata.create_all)  # ok: the async driver sends it
        await conn.run_sync(lambda sync: LegacyBase.metadata.create_all(sync))  # ok


async def init_when_ready() -> None:
    """Wait for the server with a raw asyncpg connection, then create the tables."""
    import asyncpg

    while True:
        try:
            conn = await asyncpg.connect("postgresql://clinic@db/archive")
            await conn.close()
            break
        except OSError:
            continue
    async with archive_engine.begin() as conn:  # (the same name, now an AsyncConnection)
        await conn.run_sync(lambda sync: LegacyBase.metadata.create_all(sync))  # ok
