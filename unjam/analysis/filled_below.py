"""A module-level value an early exit tests and a function the guarded calls reach fills:

    def _init_secret_manager(self, config):
        if litellm.secret_manager_client is not None:
            return
        self.initialize_secret_manager(config)  # → load_kms(): litellm.secret_manager_client = …

The test is a memo, though the function holding it never stores the value: the first call
runs the rest, which fills it two calls down, and every later call returns at once. Read
as a switch set elsewhere (rules/memo.py's `if settings.disabled: return`), the client the
rest builds was reported as made on every request.

Only a module's attribute (`litellm.secret_manager_client`) or a module global (`_client`)
counts, filled with something other than None or False, by a function the guarded calls
reach by name within a few calls — not a switch a start-up routine sets for the process.
"""

from __future__ import annotations

from collections import deque

from unjam.analysis.project import Func, Project
from unjam.analysis.summary import under_guard

_DEPTH = 3  # calls from the guarded function down to the one that fills the value
_EXITS = ("done", "cached")
_NONE: frozenset[tuple] = frozenset()
_UNSET = (("const", None), ("const", False))


def filled_below(project: Project, func: Func) -> frozenset[tuple]:
    """The subjects (as `func`'s guards write them) of its early exits on a module value
    that a function its guarded calls reach fills."""
    fd = func.fd
    found: set[tuple] = set()
    for index, guard in enumerate(fd.guards):
        if guard.kind not in _EXITS or guard.subject in found:
            continue
        slot = _module_slot(project, func, guard.subject)
        if slot is None:
            continue
        starts = [c for c in fd.calls if c.guard >= 0 and under_guard(fd, c.guard, index)]
        if starts and _fills(project, func, starts, slot):
            found.add(guard.subject)
    return frozenset(found) if found else _NONE


def _module_slot(project: Project, func: Func, subject: tuple) -> tuple[str, str] | None:
    """(module, name) of `mod.name` (an imported module's attribute) or of a module global
    `name` that `func` reads (no local, no parameter of that name)."""
    if subject[0] == "attr" and subject[1][0] == "name":
        value = project.value_of(func, subject[1])
        if value is not None and value[0] == "mod":
            return value[1], subject[2]
        return None
    if subject[0] != "name":
        return None
    name = subject[1]
    fd = func.fd
    if name in fd.locals or any(q.name == name for q in fd.params):
        return None
    module_body = project.funcs.get(f"{func.mod.name}.<module>")
    if module_body is None or name not in module_body.fd.locals:
        return None
    return func.mod.name, name


def _fills(project: Project, func: Func, starts: list, slot: tuple[str, str]) -> bool:
    """Whether a function the calls `starts` of `func` reach (by name) stores `slot`."""
    seen = {func.gqn}
    queue: deque[tuple[Func, int]] = deque()
    for site in starts:
        _enqueue(project, func, site.func, 1, seen, queue)
    while queue:
        callee, depth = queue.popleft()
        if _stores(project, callee, slot):
            return True
        if depth < _DEPTH:
            for site in callee.fd.calls:
                _enqueue(project, callee, site.func, depth + 1, seen, queue)
    return False


def _enqueue(project: Project, caller: Func, ref: tuple, depth: int, seen: set, queue) -> None:
    target = project.callee(caller, ref)
    if target is None or target[0] not in ("func", "meth") or target[1] in seen:
        return
    callee = project.funcs.get(target[1])
    if callee is not None:
        seen.add(target[1])
        queue.append((callee, depth))


def _stores(project: Project, func: Func, slot: tuple[str, str]) -> bool:
    """Whether `func` gives `slot` a value other than None or False."""
    module, name = slot
    fd = func.fd
    for base, attr, value in fd.attr_stores:
        if attr == name and base[0] == "name" and value not in _UNSET:
            held = project.value_of(func, base)
            if held is not None and held[0] == "mod" and held[1] == module:
                return True
    if func.mod.name == module and name in fd.globals_declared:
        return any(value not in _UNSET for value in fd.locals.get(name, ()))
    return False
