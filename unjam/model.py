"""The one vocabulary every verb shares: where code runs, where it is, and what was found.

`check` produces `Finding`s; the doctor matches runtime stalls (from the probe) to them by
`Location`; the reporters render them. Keeping these plain frozen dataclasses (no behaviour
beyond conversion to the public JSON shape) is what lets the packages stay independent.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class ExecutionContext(StrEnum):
    """Where a piece of code runs when the ASGI app serves a request."""

    LOOP = "event-loop"  # blocks every request when it blocks
    THREADPOOL = "thread-pool"  # borrows one of anyio's default limiter tokens (40)
    STARTUP = "startup"  # on the loop, but only while the app starts (lifespan, on_startup)
    UNKNOWN = "unknown"


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class BlockingKind(StrEnum):
    """What sort of blocking a catalogue entry does; drives the message and the fix."""

    NETWORK = "network"
    FILE = "file"
    SUBPROCESS = "subprocess"
    SLEEP = "sleep"
    LOCK = "lock"
    CPU = "cpu"


@dataclass(frozen=True, order=True)
class Location:
    """A place in source: `path` as given to the user (relative to the checked root)."""

    path: str
    line: int
    column: int = 0

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


@dataclass(frozen=True)
class ChainStep:
    """One hop of the call chain from an entry point to the blocking call."""

    name: str
    path: str
    line: int

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "path": self.path, "line": self.line}


# stands for a router prefix the analyser cannot read (`prefix=settings.API_V1_STR`, or a
# router included nowhere it can follow: `include_router(routers[name])`) at the
# start of a route's path: "GET …/users/{id}" (the doctor matches it by the served path's end)
UNREAD_PREFIX = "…"


@dataclass(frozen=True)
class EntryPoint:
    """The callable the framework invokes (endpoint, dependency, middleware, ...)."""

    name: str
    path: str
    line: int
    context: ExecutionContext
    route: str | None = None  # "METHOD /template" when the entry serves a route

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "path": self.path,
            "line": self.line,
            "context": str(self.context),
            "route": self.route,
        }


@dataclass(frozen=True)
class FindingGroup:
    """The root cause a finding shares with others (one blocking call site, the function
    that introduces the block, a sync dependency, a lifespan call, an app): what a user fixes
    once. `id` is stable across runs; `affects` counts the routes/entry points it reaches."""

    id: str
    title: str
    affects: int = 1
    fix: str = ""  # what fixes the root cause, when it differs from each finding's fix

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title}


@dataclass(frozen=True)
class Finding:
    """A problem `unjam check` reports; `to_json` is the public, versioned contract."""

    code: str
    kind: str
    severity: Severity
    location: Location
    message: str
    blocker: str
    entry: EntryPoint
    chain: tuple[ChainStep, ...] = field(default_factory=tuple)
    fix: str = ""
    blocks_loop: bool = False
    group: FindingGroup | None = None
    # structured facts behind the message (e.g. UJ005's sync pieces), so no one parses it
    details: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "kind": self.kind,
            "blocks_loop": self.blocks_loop,
            "severity": str(self.severity),
            "path": self.location.path,
            "line": self.location.line,
            "column": self.location.column,
            "message": self.message,
            "blocker": self.blocker,
            "entry": self.entry.to_json(),
            "chain": [step.to_json() for step in self.chain],
            "fix": self.fix,
            **({"group": self.group.to_json()} if self.group is not None else {}),
            **({"details": self.details} if self.details else {}),
        }


@dataclass(frozen=True)
class RoutePiece:
    """One callable FastAPI runs, in order, to serve a route: a dependency, the endpoint, the
    response's serialisation or a generator dependency's exit. Each piece in the thread pool
    borrows a limiter token for its own run and returns it before the next piece starts."""

    kind: str  # "dependency" | "endpoint" | "serialisation" | "generator exit"
    name: str
    path: str  # relative to the analysed root, like Finding paths
    line: int
    context: ExecutionContext
    # A sync generator dependency's exit runs in a worker thread on a limiter of its own,
    # not on the default one the other pieces share.
    own_limiter: bool = False

    @property
    def borrows_token(self) -> bool:
        return self.context is ExecutionContext.THREADPOOL and not self.own_limiter


@dataclass(frozen=True)
class RouteExecution:
    """A route's execution plan: its pieces in the order FastAPI runs them."""

    route: str  # "METHOD /template"
    pieces: tuple[RoutePiece, ...]

    @property
    def endpoint(self) -> RoutePiece | None:
        return next((p for p in self.pieces if p.kind == "endpoint"), None)

    @property
    def token_borrowings(self) -> int:
        """Sequential token borrowings per request (never more than one held at a time)."""
        return sum(1 for piece in self.pieces if piece.borrows_token)
