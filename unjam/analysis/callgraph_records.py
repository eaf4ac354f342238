"""The call graph's records: a blocking site, an edge to a project function, a callable
handed to another context, and what one function's calls resolve to (callgraph.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from unjam.analysis.catalogue import Entry
from unjam.analysis.values import EMPTY


@dataclass(frozen=True, slots=True, eq=False)
class Site:
    """A blocking call (or client construction) at one place.

    Sites live in many sets (what each function reaches): the hash — the one a dataclass
    would compute from the compared fields — is computed once."""

    func: str  # gqn of the function containing it
    path: str
    line: int
    col: int
    qn: str  # the resolved qualified name, e.g. "boto3.Client.send_message"
    entry: Entry
    _hash: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "_hash", hash((self.func, self.path, self.line, self.col, self.qn))
        )

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._hash == other._hash and (
            self.func,
            self.path,
            self.line,
            self.col,
            self.qn,
        ) == (other.func, other.path, other.line, other.col, other.qn)


@dataclass(slots=True)
class Edge:
    callee: str
    line: int
    col: int
    guarded: bool  # made under a memo guard (rules/memo.py): on the first call only
    guard: int = -1  # the caller's guard the call runs under (CallSite.guard)
    kills: frozenset[int] = EMPTY  # the callee's guards this call's arguments decide false
    on_error: bool = False  # made in an `except` handler: only when the `try` failed
    site: int = -1  # the call's index in the caller's `calls` (a call to a project function)
    # the call runs only in a thread where no event loop runs: a coroutine handed to
    # `asyncio.run`/`run_until_complete` (on the loop's thread, that raises and the coroutine
    # never runs), or a call where `asyncio.get_running_loop()` failed (callgraph_no_loop.py)
    no_loop: bool = False

    def node(self) -> object:
        """The search state this edge leads to from a state that holds no parameter values
        (callgraph.py's `follow` for one that does)."""
        return (self.callee, self.kills) if self.kills else self.callee


@dataclass(slots=True)
class Offloaded:
    target: str
    context: str  # catalogue offload context
    line: int
    col: int
    qn: str  # the offloading API
    on_error: bool = False  # started only in an `except` handler (here, or by the caller)


@dataclass(slots=True)
class Resolved:
    edges: list[Edge] = field(default_factory=list)
    offloads: list[Offloaded] = field(default_factory=list)
    blocking: list[Site] = field(default_factory=list)
    clients: list[tuple[Site, bool]] = field(default_factory=list)  # (site, guarded)
    guarded: set[Site] = field(default_factory=set)  # blocking sites under a memo guard
    kills: bool = False  # some edge decides guards of its callee false
    # blocking site or client construction → guard it runs under, kept when the function
    # tests its parameters
    site_guards: dict[Site, int] = field(default_factory=dict)
    # blocking calls and client constructions in an `except` handler
    on_error: set[Site] = field(default_factory=set)
    # blocking calls made only where no event loop runs (callgraph_no_loop.py)
    no_loop: set[Site] = field(default_factory=set)
