"""An engine memoised in a module global, whose password comes from a secrets service; the
start-up handler opens a session through `asynccontextmanager(get_session)()`, which runs
`get_session`'s body and so fills the memo before the app serves: start-up pays for it
(UJ002), no request does."""

from contextlib import asynccontextmanager
from typing import Annotated

import boto3
from fastapi import APIRouter, Depends
from sqlalchemy.ext.asyncio import create_async_engine

_engine = None


def get_engine():
    global _engine
    if _engine is None:
        secrets = boto3.client("secretsmanager")  # ok: built once, at start-up
        password = secrets.get_secret_value(SecretId="db")["SecretString"]  # expect: UJ002
        _engine = create_async_engine(f"postgresql+asyncpg://app:{password}@db/app")
    return _engine


async def get_session():
    async with get_engine().connect() as conn:
        yield conn


session_context = asynccontextmanager(get_session)

ledger = APIRouter(prefix="/ledger")


@ledger.get("/balance")
async def balance(conn: Annotated[object, Depends(get_session)]):
    return {"conn": str(conn)}


async def check_database():
    async with session_context() as conn:
        return conn
