"""Whether a project class surely has no attribute of a name, so that reading it raises
AttributeError: `PipelineConfig.from_env()` in a lifespan (failing_startups.py), or
`EventType.USER_LOGIN` in a call's arguments, evaluated before the call (callgraph_resolve.py:
the called function never runs from there).

Only a class whose bases are the project's own, or an Enum (with `str`/`int` mixed in), none
of which defines the name, that has no `__getattr__`, no class decorator but `@dataclass`,
and no attribute of that name set from outside (`Config.from_env = …`, `setattr(Config, …)`).
"""

from __future__ import annotations

import enum

from unjam.analysis.project import Func, Project
from unjam.analysis.summary import CallSite

_DATACLASS = frozenset({("name", "dataclass"), ("attr", ("name", "dataclasses"), "dataclass")})
# library bases whose attributes are known here: an Enum's members are its class body's names
_KNOWN_BASES = {
    "enum.Enum": dir(enum.Enum),
    "enum.IntEnum": dir(enum.IntEnum),
    "enum.StrEnum": dir(str) + dir(enum.Enum),
    "builtins.str": dir(str),
    "builtins.int": dir(int),
    "builtins.object": dir(object),
}


def lacks(project: Project, class_gqn: str, name: str) -> bool:
    """Whether the project class surely has no attribute `name`."""
    if name.startswith("__"):
        return False
    classes, outside = project.mro(class_gqn)
    if any(base not in _KNOWN_BASES or name in _KNOWN_BASES[base] for base in outside):
        return False
    for gqn in classes:
        cls = project.classes.get(gqn)
        if cls is None:
            return False
        cd = cls.cd
        if name in cd.methods or name in cd.attrs or "__getattr__" in cd.methods:
            return False
        if not all(_a_dataclass(ref) for ref, _line, _col in cd.decorators):
            return False
    return not _set_from_outside(project, project.classes[class_gqn].cd.name, name)


def _a_dataclass(decorator: tuple) -> bool:
    """`@dataclass` or `@dataclass(frozen=True)`: it adds fields' methods, no class API."""
    return decorator in _DATACLASS or (decorator[0] == "call" and decorator[1] in _DATACLASS)


def _set_from_outside(project: Project, class_name: str, name: str) -> bool:
    """`Config.from_env = …` or `cls.from_env = …` anywhere, or a `setattr(Config, …)`."""
    holders = (("name", class_name), ("name", "cls"))
    for func in project.funcs.values():
        if any(attr == name and base in holders for base, attr, _v in func.fd.attr_stores):
            return True
    return any(
        site.args and site.args[0] == holders[0] for _f, site in project.sites_named("setattr")
    )


def arguments_raise(project: Project, func: Func, site: CallSite) -> bool:
    """Whether evaluating the call's arguments surely raises AttributeError, so the call is
    never made: one reads an attribute a project class lacks (`notify(EventType.USER_LOGIN,
    …)`, also `EventType.USER_LOGIN.value`)."""
    for arg in (*site.args, *(value for _key, value in site.kwargs)):
        while arg[0] == "attr":
            base = arg[1]
            if base[0] == "name":
                owner = project.value_of(func, base)
                if owner is not None and owner[0] == "class" and lacks(project, owner[1], arg[2]):
                    return True
                break
            arg = base
    return False
