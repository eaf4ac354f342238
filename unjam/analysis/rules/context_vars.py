"""Whether a sync function sets a context variable, so that a fix moving it to a worker thread
must carry what it sets back: `asyncio.to_thread` (and Starlette's `run_in_threadpool`) run
the function in a copy of the caller's context, so `_current_model.set(m)` there changes the
copy, and the code after the `await` still reads the old value.

Judged from the calls the function makes, itself or through the sync functions it calls
within a few calls (sync_calls.py), as loop_bound.py judges the need for a running loop."""

from __future__ import annotations

from typing import TYPE_CHECKING

from unjam.analysis.fastapi_records import _last_name
from unjam.analysis.rules.sync_calls import sync_calls_below

if TYPE_CHECKING:
    from unjam.analysis.callgraph import CallGraph
    from unjam.analysis.project import Func, Project

_SET = ("ext", "contextvars.ContextVar.set")
_DEPTH = 3  # calls below the function, as in loop_bound.py


class ContextSetters:
    def __init__(self, project: Project, graph: CallGraph):
        self.p = project
        self.g = graph
        self._known: dict[str, str | None] = {}  # gqn → sets()

    def sets(self, gqn: str) -> str | None:
        """Which context variable `gqn` sets ("`_model`", "`_model` via `set_model`"), or
        None."""
        if gqn not in self._known:
            self._known[gqn] = self._search(gqn)
        return self._known[gqn]

    def _search(self, root: str) -> str | None:
        for func, caller in sync_calls_below(self.p, self.g, root, _DEPTH):
            var = self._kept_set(func)
            if var is not None:
                return var if caller is None else f"{var} via `{func.display}`"
        return None

    def _kept_set(self, func: Func) -> str | None:
        """The variable `func` sets and does not reset (`token = _tag.set(t)` … `_tag.reset(
        token)` scopes the value to the function's own work: nothing to carry back)."""
        calls = func.fd.calls
        reset = {
            site.func[1] for site in calls if site.func[0] == "attr" and site.func[2] == "reset"
        }
        for site in calls:
            ref = site.func
            setting = ref[0] == "attr" and ref[2] == "set" and ref[1] not in reset
            if setting and self.p.callee(func, ref) == _SET:
                return f"`{_last_name(ref[1]) or '…'}`"
        return None
