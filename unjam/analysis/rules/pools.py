"""Which thread pool FastAPI runs an app's sync code in, and the words and fix that fit it.

FastAPI 0.69 (Starlette 0.15) moved sync endpoints and dependencies onto anyio's worker
threads, under a default limiter of 40 tokens that `total_tokens` raises. Before, Starlette
handed them to asyncio's default executor (`loop.run_in_executor(None, …)`): min(32,
cores + 4) threads (cores × 5 before Python 3.8), which `total_tokens` does not touch and `set_default_executor` replaces.
Which one runs is read from the dependency files (declared_versions.py): only a project that
pins the older FastAPI or Starlette gets the executor's words. So too for the exit of a sync
dependency with `yield`: FastAPI 0.82 gave it a limiter of its own (fastapi#5122); before, it
waits for a token of the default pool like any sync piece.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from unjam.analysis.declared_versions import declared_below

_BEFORE_ANYIO = (("fastapi", (0, 69)), ("starlette", (0, 15)))
# ThreadPoolExecutor's default size, which changed with Python 3.8
_EXECUTOR_SIZE = "min(32, cores + 4)"
_BEFORE_38 = " (cores × 5 before Python 3.8)"


@dataclass(frozen=True)
class Pool:
    held: str  # what a sync piece holds while it runs: "a thread-pool token"
    unit: str  # what a request waits for once the pool is saturated: "token"
    default: str  # the default size, named: "anyio's default limiter of 40 tokens"
    at_once: str  # UJ005's clause on how many such calls run at once
    why: str  # why this pool (UJ006): where the project pins a FastAPI before 0.69, or ""
    kept: str  # an app that never changes it: "keeps anyio's default thread limiter"
    blocker: str  # UJ006's blocker: the default pool, named in a few words
    fix: str
    raised_by: str  # the attribute store or call that sizes the pool: UJ006 is then silent
    # where the project pins a FastAPI before 0.82, whose sync `yield` dependencies' exits
    # take a token of this pool too; "" when they have a limiter of their own
    shared_exits: str = ""
    # where the project pins a FastAPI before 0.89, which reads no response model from an
    # endpoint's return annotation (`-> Any`, `-> list[Item]`: nothing validated)
    annotations_unread: str = ""


ANYIO = Pool(
    held="a thread-pool token",
    unit="token",
    default="anyio's default limiter of 40 tokens",
    at_once="with anyio's default limiter at most 40 such calls run at once across the process",
    why="",
    kept="keeps anyio's default thread limiter",
    blocker="anyio default thread limiter",
    fix=(
        "raise anyio's limiter at start-up: `to_thread.current_default_thread_limiter()"
        ".total_tokens = 100` in lifespan (or a startup handler), with the connection pools "
        "those calls use (a SQLAlchemy engine's pool_size + max_overflow) as large, or the "
        "extra threads wait there"
    ),
    raised_by="total_tokens",
)

_ENGINE_EXAMPLE = " (a SQLAlchemy engine's pool_size + max_overflow)"


def resize(pool: Pool, sized_by: str) -> str:
    """The fix for a saturated pool the project already sizes, in `sized_by` (a function
    and its place): raise that size, not the default it no longer has."""
    what = (
        f"raise the limiter's `total_tokens` that {sized_by} sets"
        if pool.raised_by == "total_tokens"
        else f"make the executor that {sized_by} sets larger"
    )
    return f"{what}, with the connection pools those calls use as large, or the extra threads wait there"


def without_engines(pool: Pool) -> Pool:
    """The pool's words for an app whose program builds no SQLAlchemy engine (its sync code
    waits on HTTP clients, say): the fix names no engine's pool sizes."""
    return replace(pool, fix=pool.fix.replace(_ENGINE_EXAMPLE, ""))


def _executor(declared: str) -> Pool:
    return Pool(
        held="a thread of asyncio's default executor",
        unit="thread",
        default=f"asyncio's default executor of {_EXECUTOR_SIZE} threads{_BEFORE_38}",
        at_once=(
            f"FastAPI before 0.69 ({declared}) runs sync code in that executor, where at most "
            f"{_EXECUTOR_SIZE} such calls{_BEFORE_38} run at once across the process"
        ),
        why=f", the pool FastAPI before 0.69 runs sync code in ({declared})",
        kept="keeps asyncio's default executor",
        blocker="asyncio default executor",
        fix=(
            "give the loop a larger executor at start-up: `asyncio.get_running_loop()"
            ".set_default_executor(ThreadPoolExecutor(max_workers=100))` in a startup "
            "handler, with the connection pools those calls use as large; or upgrade FastAPI "
            "to 0.69 or later and raise anyio's limiter"
        ),
        raised_by="set_default_executor",
    )


def pool_of(root: Path, folders: list[str]) -> Pool:
    """The pool of a project whose dependency files sit in `folders` under `root` (nearest
    the apps first): the executor where they admit only a FastAPI before 0.69 or a
    Starlette before 0.15, else anyio's."""
    pool = ANYIO
    for package, bound in _BEFORE_ANYIO:
        declared = declared_below(root, folders, package, bound)
        if declared:
            pool = _executor(declared)
            break
    shared_exits = declared_below(root, folders, "fastapi", (0, 82)) or ""
    unread = declared_below(root, folders, "fastapi", (0, 89)) or ""
    return replace(pool, shared_exits=shared_exits, annotations_unread=unread)
