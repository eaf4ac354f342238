"""Code that runs only in a thread where no event loop runs: the handler of

    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return send_mail(message)            # no loop here: run it in this thread
    loop.run_in_executor(None, send_mail, message)

the usual way sync code asks whether it was called on a loop. On the loop's thread the call
succeeds and the handler never runs; in a worker thread it raises and the handler runs. A
call in such a handler is an edge, or a blocking site, that the loop's reach leaves out."""

from __future__ import annotations

from unjam.analysis.project import Func, Project
from unjam.analysis.summary import Guard
from unjam.analysis.values import is_dead

_RUNNING_LOOP = "asyncio.get_running_loop"
# what `except` names to catch get_running_loop's RuntimeError (a bare `except:` too)
_CATCHES = frozenset(("RuntimeError", "Exception", "BaseException"))
_NONE: frozenset[int] = frozenset()


def no_loop_guards(project: Project, func: Func) -> frozenset[int]:
    """The guards (of `func`'s) under which code runs only where no loop runs: such a
    handler, and the tests nested in it. The `try` is recognised by its last call, the one
    just before the handler's first: `asyncio.get_running_loop()`, in the block the `try`
    sits in."""
    fd = func.fd
    guards = fd.guards
    handlers = [g for g, guard in enumerate(guards) if _catches_no_loop(guard)]
    if not handlers:
        return _NONE
    calls = fd.calls
    tops: set[int] = set()
    for g in handlers:
        handler = frozenset((g,))
        # (`is_dead` asks whether a guard is one of a set or nested in one)
        first = next((i for i, site in enumerate(calls) if is_dead(guards, site.guard, handler)), 0)
        if first == 0:
            continue  # no call in the handler (or none before it): nothing to leave out
        before = calls[first - 1]
        if before.guard != guards[g].outer or before.awaited:
            continue
        callee = project.callee(func, before.func)
        if callee is not None and callee[0] == "ext" and callee[1] == _RUNNING_LOOP:
            tops.add(g)
    if not tops:
        return _NONE
    found = frozenset(tops)
    return frozenset(g for g in range(len(guards)) if is_dead(guards, g, found))


def _catches_no_loop(guard: Guard) -> bool:
    if guard.kind != "except":
        return False
    subject = guard.subject
    if subject is None or subject == ("const", None):
        return True  # a bare `except:`
    names = subject[1] if subject[0] == "list" else (subject,)
    return any(ref[0] == "name" and ref[1] in _CATCHES for ref in names)
