"""Whether an async endpoint may simply become a plain `def`: the one-line fix for a handler
on a sync client (docs/check.md), as FastAPI then runs the same code in a worker thread.

Only where nothing in it needs the event loop: its lines await, iterate or enter nothing
asynchronously, yield nothing and reach for no loop (`create_task`), and neither do the sync
project functions it calls, a few calls deep (`_start_warmup()` calling
`asyncio.create_task` raises RuntimeError in a worker thread); and only where no decorator
but a route registration wraps it (an async wrapper that awaits the endpoint would then
await what a `def` returns), and no project code calls it (a page route's `await
get_properties(...)` would then await what a `def` returns).
"""

from __future__ import annotations

from pathlib import Path

from unjam.analysis.async_decorators import registers
from unjam.analysis.def_text import needs_the_loop
from unjam.analysis.fastapi_records import Invoked
from unjam.analysis.project import Func, Project
from unjam.semantics import Role

_DEPTH = 3  # how many sync calls deep the callees are read


class PlainDef:
    def __init__(self, project: Project, root: Path | None) -> None:
        self.p = project
        self.root = root
        self._known: dict[str, bool] = {}  # endpoint gqn → `offered`
        self._lines: dict[str, list[str] | None] = {}  # module path → its lines

    def offered(self, inv: Invoked) -> bool:
        """Whether `inv` is an async endpoint that may become a plain `def` (see above)."""
        if inv.role is not Role.ENDPOINT or not inv.is_async or not inv.funcs:
            return False
        gqn = inv.funcs[0]
        known = self._known.get(gqn)
        if known is None:
            func = self.p.funcs.get(gqn)
            known = self._known[gqn] = func is not None and self._may_be_plain(func)
        return known

    def offered_for(self, inv: Invoked, path: list[tuple[str, int]]) -> bool:
        """`offered`, for a call reached along `path` (entry first) through sync functions
        only: one inside an async generator the endpoint hands on (a `StreamingResponse`'s)
        runs on the loop whatever the endpoint is."""
        if not self.offered(inv):
            return False
        for gqn, _line in path[1:]:
            func = self.p.funcs.get(gqn)
            if func is None or func.fd.is_async:
                return False
        return True

    def _may_be_plain(self, func: Func) -> bool:
        fd = func.fd
        if fd.is_generator or not fd.is_async:
            return False  # (a `def` an async decorator wraps is one already)
        if not all(registers(ref) for ref, _line, _col in fd.decorators):
            return False
        if any(caller.gqn != func.gqn for caller in self.p.direct_callers(func)):
            return False  # (`initial = await get_properties(...)` in another route)
        return not self._needs_the_loop(func, 0, set())

    def _needs_the_loop(self, func: Func, depth: int, seen: set[str]) -> bool:
        seen.add(func.gqn)
        lines = self._read(func.mod.path)
        if lines is None or needs_the_loop(lines, func.fd.line):
            return True
        if depth == _DEPTH:
            return False
        for site in func.fd.calls:
            callee = self.p.callee(func, site.func)
            if callee is None or callee[0] != "func" or callee[1] in seen:
                continue
            called = self.p.funcs.get(callee[1])
            if called is None or called.fd.is_async:
                continue  # (an async callee is awaited, which the lines above show)
            if self._needs_the_loop(called, depth + 1, seen):
                return True
        return False

    def _read(self, path: str) -> list[str] | None:
        if path not in self._lines:
            try:
                text = (self.root / path).read_text(encoding="utf-8") if self.root else None
            except (OSError, ValueError):
                text = None
            self._lines[path] = None if text is None else text.splitlines()
        return self._lines[path]
