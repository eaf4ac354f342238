"""Callables passed as arguments and called by the callee: `run(hash_password, pw)` where
`def run(fn, *args): return fn(*args)`. What runs there is what each caller passes, so the
call is an edge at each caller, not one callable inferred for all of them; a closure that
calls its enclosing function's parameter (`async def child(): await work()`, started as a
task) counts as that function calling it, unless the function hands the closure to a thread
(`asyncio.to_thread(transact)`: the parameter runs there, offloaded, as inferred), also
through a project function that hands it on to one (`run_session(_call)` of `async def
run_session(func): return await asyncio.to_thread(_with_session, func)`)."""

from __future__ import annotations

from collections.abc import Callable, Collection

from unjam.analysis.callgraph_no_loop import no_loop_guards
from unjam.analysis.callgraph_records import Edge, Resolved
from unjam.analysis.parameters import argument, binds_first
from unjam.analysis.project import Func, Project, Value
from unjam.analysis.rules.memo import MemoGuards
from unjam.analysis.summary import CallSite, FuncDef

# parameter name → (its index, whether every call of it sits under a memo guard, whether
# every call of it runs only where no event loop runs: callgraph_no_loop.py)
Called = dict[str, tuple[int, bool, bool]]


class PassedCallables:
    def __init__(self, project: Project, memo_guards: Callable[[Func], MemoGuards]):
        self.project = project
        self._memo_guards = memo_guards  # a function's memo judgement (CallResolver)
        self._called: dict[str, Called] = {}  # gqn → called()
        self._children: dict[str, list[Func]] | None = None  # gqn → its nested defs/lambdas

    def called(self, func: Func) -> Called:
        """The parameters `func` calls, itself or in a closure: their index, whether
        every such call sits under a memo guard (`if hit: return hit` / `else: value =
        await coro()`), and whether every one runs only where no loop runs (`except
        RuntimeError: return fn()` after `asyncio.get_running_loop()`)."""
        known = self._called.get(func.gqn)
        if known is None:
            fd = func.fd
            names = {q.name: i for i, q in enumerate(fd.params) if q.kind in ("pos", "kwonly")}
            known = {}
            free = {n for n in names if n not in fd.locals and n not in fd.local_defs}
            self._collect(func, free, names, known)
            self._called[func.gqn] = known
        return known

    def _collect(self, scope: Func, free: set[str], names: dict[str, int], out: Called) -> None:
        """Calls of the names in `free` in `scope` and, where no inner scope binds them
        again, in its closures."""
        fd = scope.fd
        memo = self._memo_guards(scope) if fd.guards else None
        no_loop = no_loop_guards(self.project, scope) if fd.guards else None
        for site in fd.calls:
            name = site.func[1] if site.func[0] == "name" else None
            if name is not None and name in free:
                guarded = memo is not None and site.guard >= 0 and memo(site.guard)
                loopless = no_loop is not None and site.guard in no_loop
                earlier = out.get(name)
                out[name] = (
                    names[name],
                    guarded and (earlier is None or earlier[1]),
                    loopless and (earlier is None or earlier[2]),
                )
        children = self._nested(scope)
        if not children:
            return
        threaded = self._threaded(scope, {_handle(child.fd) for child in children})
        for child in children:
            if _handle(child.fd) in threaded:
                continue  # its calls run in a worker thread, not where the caller's would
            still = {n for n in free if not _binds(child.fd, n)}
            if still:
                self._collect(child, still, names, out)

    def _threaded(self, scope: Func, names: set[str]) -> set[str]:
        """Which of `names` (its closures, by `_handle`) `scope` hands to a thread or process
        (`asyncio.to_thread(transact)`, `loop.run_in_executor(None, transact)`, `loop.
        run_in_executor(None, lambda: fn(*args))`)."""
        p = self.project
        offload = p.catalogue.offload
        out: set[str] = set()
        for site in scope.fd.calls:
            if not any(_refers(a, names) for a in site.args) and not any(
                _refers(a, names) for _, a in site.kwargs
            ):
                continue  # (resolving every call of every scope would cost seconds)
            callee = p.callee(scope, site.func)
            if callee is not None and callee[0] in ("func", "meth") and callee[1] in p.funcs:
                out |= self._handed_on(p.funcs[callee[1]], callee[0], site, names, 2)
                continue
            off = offload.get(callee[1]) if callee is not None and callee[0] == "ext" else None
            if off is None or off.context in ("iterator", "task"):
                continue
            arg = off.handed(site.args, site.kwargs)
            if arg is not None and _refers(arg, names):
                out.add(arg[1])
        return out

    def _handed_on(
        self, target: Func, kind: str, site: CallSite, names: Collection[str], depth: int
    ) -> set:
        """Which of `names` the call passes to a project function that runs what it is
        given in a worker thread (`run_session(_call)` of `async def run_session(func):
        return await asyncio.to_thread(_with_session, func)`): as an argument of a thread
        hand-off, or, `depth` more levels down, of another such function."""
        found = set()
        for index, param in enumerate(target.fd.params):
            bound = binds_first(target, kind, site, index)
            arg = argument(site, param, index - 1 if bound else index)
            if arg is None or not _refers(arg, names):
                continue
            if self._runs_in_a_thread(target, param.name, depth):
                found.add(arg[1])
        return found

    def _runs_in_a_thread(self, func: Func, name: str, depth: int) -> bool:
        """Whether `func` hands its parameter `name` to a thread: among the arguments of a
        thread hand-off (`asyncio.to_thread(name)`, `asyncio.to_thread(helper, name)`), or
        to a project function that does, `depth` levels down."""
        p = self.project
        for site in func.fd.calls:
            args = [*site.args, *(value for _key, value in site.kwargs)]
            if ("name", name) not in args:
                continue
            callee = p.callee(func, site.func)
            if callee is None:
                continue
            if callee[0] == "ext":
                off = p.catalogue.offload.get(callee[1])
                if off is not None and off.context not in ("iterator", "task"):
                    return True
            elif depth > 0 and callee[0] in ("func", "meth") and callee[1] in p.funcs:
                target = p.funcs[callee[1]]
                if self._handed_on(target, callee[0], site, {name}, depth - 1):
                    return True
        return False

    def passed_in(self, func: Func, name: str) -> bool:
        """Whether `name()` in `func` calls a parameter some caller passes: `func`'s own
        (see called), or, in a closure, a free name of an enclosing function's."""
        if name in self.called(func):
            return True
        p = self.project
        fd = func.fd
        while fd.parent is not None and not _binds(fd, name):
            outer = p.funcs.get(f"{func.mod.name}.{fd.parent}")
            if outer is None:
                return False
            if any(q.name == name for q in outer.fd.params):
                return name in self.called(outer)
            fd = outer.fd
        return False

    def edges(self, caller: Func, site: CallSite, callee: Value, how: tuple, out: Resolved):
        """Edges from `caller` to the project functions it passes for the parameters the
        callee calls, at the call site; `how`: (whether the call is memoised, whether it is
        in an `except` handler, whether it runs only where no event loop runs)."""
        guarded, on_error, no_loop = how
        p = self.project
        target = p.funcs[callee[1]]
        called = self.called(target)
        if not called:
            return
        params = target.fd.params
        for index, memoised, loopless in called.values():
            bound = binds_first(target, callee[0], site, index)
            arg = argument(site, params[index], index - 1 if bound else index)
            passed = function_called(p, p.value_of(caller, arg)) if arg is not None else None
            if passed is not None and passed in p.funcs:
                once = guarded or memoised  # `cache.save_result(lambda: fetch(), key)`
                out.edges.append(
                    Edge(
                        passed,
                        site.line,
                        site.col,
                        once,
                        site.guard,
                        on_error=on_error,
                        no_loop=no_loop or loopless,
                    )
                )

    def _nested(self, func: Func) -> list[Func]:
        children = self._children
        if children is None:
            children = self._children = {}
            for f in self.project.funcs.values():
                if f.fd.parent is not None:
                    children.setdefault(f"{f.mod.name}.{f.fd.parent}", []).append(f)
        return children.get(func.gqn, [])


def _handle(fd: FuncDef) -> str:
    """How its enclosing function's code names a closure: a `def` by its name, a lambda by
    its qualified name (its ref is `("lambda", qn)`)."""
    return fd.qn if fd.is_lambda else fd.name


def _refers(arg: tuple, names: Collection[str]) -> bool:
    """Whether an argument is one of the closures `names` holds (by `_handle`)."""
    return arg[0] in ("name", "lambda") and arg[1] in names


def _binds(fd: FuncDef, name: str) -> bool:
    """Whether a scope has its own `name` (a parameter, an assignment, a nested def)."""
    return name in fd.locals or name in fd.local_defs or any(q.name == name for q in fd.params)


def function_called(p: Project, value: Value | None) -> str | None:
    """The project function a callable value runs when called."""
    if value is None:
        return None
    if value[0] in ("func", "meth") and value[1] in p.funcs:
        return value[1]
    if value[0] == "obj":
        method = p.method(value[1], "__call__")
        return method.gqn if method else None
    return None
