"""Coroutines no code names. In a project without an app, every coroutine nothing calls is an
entry point (docs/check.md): a script's `main`, a handler a decorator registers, a job a worker
is handed. A module-level `async def` whose name appears nowhere else in the project — no
call, no import, no value handed on, no `__all__`, no decorator of its own — is none of those:
it is dead code (a helper left behind after a rewrite), and what it would block never runs;
so is a closure such a function would make.

A method is not judged so: a library calls its hooks by name (`on_message` of a
`discord.Client` subclass, `__aenter__`). Except a private one (`_handle_download`, not a
dunder) of a class whose bases are the project's own or plain data (`pydantic.BaseModel`,
`abc.ABC`): no library's class calls it, and the leading underscore keeps the library's
users off it.
"""

from __future__ import annotations

from unjam.analysis.project import Func, Project
from unjam.analysis.summary import last_name

# outside bases that call no method of a subclass by a name of its own choosing
_INERT_BASES = frozenset(
    {
        "abc.ABC",
        "builtins.object",
        "typing.Generic",
        "typing.Protocol",
        "pydantic.BaseModel",
        "pydantic.main.BaseModel",
    }
)


def named_anywhere(project: Project) -> frozenset[str]:
    """Every name the project's code calls, imports, hands on as a value or exports."""
    found: set[str] = set()
    for mod in project.unique_modules():
        summary = mod.summary
        found.update(summary.value_names)
        found.update(imp.name or imp.module for imp in summary.imports.values())
        for _scope, ref in summary.global_values.get("__all__", ()):
            if ref[0] == "list":
                found.update(str(item[1]) for item in ref[1] if item[0] == "const")
        for fd in summary.funcs.values():
            found.update(last_name(call.func) for call in fd.calls)
            for values in fd.locals.values():
                found.update(v[3] for v in values if v[0] == "imp" and v[3])
    return frozenset(found)


def unnamed(project: Project, func: Func, named: frozenset[str]) -> bool:
    """Whether `func` is a module-level, undecorated function (or a private method,
    `_private_method`) no code names, or a closure in one (`def make(op): async def
    handler(path): …; return handler`, `make` never called: no `handler` is ever made)."""
    fd = func.fd
    if fd.is_lambda:
        return False
    if fd.class_qn is not None:
        return _private_method(project, func) and not fd.decorators and fd.name not in named
    if fd.parent is not None:
        outer = project.funcs.get(f"{func.mod.name}.{fd.parent}")
        return outer is not None and unnamed(project, outer, named)
    return not fd.decorators and fd.name not in named


def _private_method(project: Project, func: Func) -> bool:
    """A method named `_x` (not `__x__`) of a project class with no outside base but
    `_INERT_BASES`."""
    name = func.fd.name
    if not name.startswith("_") or name.endswith("__") or func.class_gqn is None:
        return False
    if func.class_gqn not in project.classes:
        return False
    return all(base in _INERT_BASES for base in project.mro(func.class_gqn)[1])
