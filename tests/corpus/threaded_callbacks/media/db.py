"""Runs a callable with a session in a worker thread, the way the UI's helpers use it."""

import asyncio

from sqlalchemy.orm import Session


def _with_session(func):
    with Session() as session:
        return func(session)


async def run_session(func):
    return await asyncio.to_thread(_with_session, func)
