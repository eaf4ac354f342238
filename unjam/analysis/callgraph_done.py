"""Futures a done-callback is handed: `future.add_done_callback(lambda f: log_result(key, f))`
runs once the future has finished, so `f.result()` / `f.exception()` there return at once —
no wait on the loop, whatever the catalogue says of them elsewhere."""

from __future__ import annotations

from unjam.analysis.project import Func, Project
from unjam.analysis.summary import CallSite

DONE_READS = frozenset({"concurrent.futures.Future.result", "concurrent.futures.Future.exception"})
_CALLERS_UP = 2  # a function only a done-callback calls (through this many callers) is one


class DoneCallbacks:
    def __init__(self, project: Project) -> None:
        self.p = project
        self._callbacks: frozenset[str] | None = None  # see _handed

    def reads_done(self, func: Func, site: CallSite) -> bool:
        """Whether call `site` in `func` (of a `DONE_READS` method) reads a finished future:
        its receiver is a parameter of a function that runs only as a done-callback, or only
        from one (`discard_future(key, task)` in the lambda handed to `add_done_callback`)."""
        receiver = site.func[1] if site.func[0] == "attr" else None
        if receiver is None or receiver[0] != "name":
            return False
        if all(param.name != receiver[1] for param in func.fd.params):
            return False
        return self._runs_when_done(func, _CALLERS_UP)

    def _runs_when_done(self, func: Func, depth: int) -> bool:
        if func.gqn in self._handed():
            return True
        if depth == 0 or func.fd.is_lambda or func.fd.name in self.p.used_names():
            return False
        return self.p.called_only_from(func, lambda c, _site: self._runs_when_done(c, depth - 1))

    def _handed(self) -> frozenset[str]:
        """The functions and lambdas some code hands to `add_done_callback`."""
        found = self._callbacks
        if found is None:
            names: set[str] = set()
            for caller, site in self.p.sites_named("add_done_callback"):
                if not site.args:
                    continue
                arg = site.args[0]
                if arg[0] == "lambda":
                    names.add(f"{caller.mod.name}.{arg[1]}")
                    continue
                value = self.p.value_of(caller, arg)
                if value is not None and value[0] in ("func", "meth"):
                    names.add(value[1])
            found = self._callbacks = frozenset(names)
        return found
