"""The thread-pool knob the seeds turn: anyio's default limiter, sized in the lifespan.

Seed 000/001 raise `to_thread.current_default_thread_limiter().total_tokens` in the lifespan
(40 → 100 → 200). Each lab app does the same, with its variant's default and the
`LAB_THREAD_POOL` env var on top, so a scenario can move the pool without editing code.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from anyio import to_thread
from fastapi import FastAPI

POOL_ENV = "LAB_THREAD_POOL"
ANYIO_DEFAULT = 40


def pool_size(default: int = ANYIO_DEFAULT) -> int:
    return int(os.environ.get(POOL_ENV, default))


def thread_pool_lifespan(default: int = ANYIO_DEFAULT) -> Callable[[FastAPI], object]:
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        to_thread.current_default_thread_limiter().total_tokens = pool_size(default)
        yield

    return lifespan
