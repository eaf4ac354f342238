"""Modules that read, as they load, a setting their pydantic settings object does not have:

    settings = Settings()  # app/core/config.py, whose Settings declares no elevenlabs_api_key
    audio = AudioService(settings.elevenlabs_api_key)  # app/api/v1/video.py, at its top level

A pydantic model's object has no attribute but its fields, methods and properties (and what
pydantic gives every model): reading another raises AttributeError, so importing the module
fails and the app importing it cannot start (raising_calls.py, unstartable.py).

Only an object a module builds at its top level from a project class whose bases are the
project's own or pydantic's `BaseModel`/`BaseSettings`, read in what a top-level statement
surely evaluates; a class that lets extra fields in (any `extra` in its body), or whose
attribute some code sets, is given the benefit of the doubt. A module is parsed only where
its text reads a setting its class lacks.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator

from unjam.analysis.missing_attributes import own_copy
from unjam.analysis.project import Cls, Func, Module, Project
from unjam.analysis.raising_statements import surely_evaluated
from unjam.analysis.summary import last_name
from unjam.analysis.top_level_imports import Trees

_PYDANTIC_BASES = frozenset(
    {"pydantic.BaseModel", "pydantic.main.BaseModel", "pydantic.BaseSettings"}
    | {"pydantic.env_settings.BaseSettings", "pydantic_settings.BaseSettings"}
    | {"pydantic_settings.main.BaseSettings", "builtins.object"}
)
# what pydantic gives every model's objects, in versions 1 and 2 (and `model_*`, `_*`)
_MODEL_NAMES = frozenset(
    {"dict", "json", "copy", "parse_obj", "parse_raw", "parse_file", "from_orm", "construct"}
    | {"schema", "schema_json", "validate", "update_forward_refs", "Config", "fields"}
    | {"settings_customise_sources", "customise_sources"}
)


def missing_settings(project: Project, trees: Trees) -> Iterator[tuple[Module, int, str]]:
    """(module, line, reason) of each top-level read of a setting its object lacks (`trees`:
    the modules' parsed text, shared with the other checks of what raises as it loads)."""
    judged: dict[tuple[str, str], bool] = {}
    names = _held_names(project)
    for mod in project.unique_modules() if names else ():
        held = _settings_objects(project, mod, names)
        lacking = held and _may_read_missing(project, trees, mod, held, judged)
        tree = trees.of(mod) if lacking else None
        if tree is None:
            continue
        for line, name, attr in _top_level_reads(tree, set(held)):
            if _lacks_once(project, trees, judged, held[name], attr):
                yield mod, line, _reason(mod, line, name, attr, project.classes[held[name]])


def _may_read_missing(
    project: Project,
    trees: Trees,
    mod: Module,
    held: dict[str, str],
    judged: dict[tuple[str, str], bool],
) -> bool:
    """Whether the module's text reads, anywhere, `name.attr` of one of its settings objects
    whose class lacks `attr`: only then is it parsed for its top-level reads (most modules
    read only settings their class declares)."""
    text = trees.text(mod)
    if text is None:
        return False
    names = "|".join(re.escape(name) for name in sorted(held))
    return any(
        _lacks_once(project, trees, judged, held[name], attr)
        for name, attr in re.findall(_READ.format(names=names), text)
    )


# `name.attr` in a module's text, across spaces, line continuations and comments (a comment
# takes its newline with it, so that a gap splits one way only: no backtracking blow-up)
_GAP = r"(?:\s|\\|#[^\n]*\n)*"
_READ = r"\b({names})" + _GAP + r"\." + _GAP + r"([^\W\d]\w*)"


class SettingReads:
    """Reads, in a function, of a setting the module's pydantic settings object lacks
    (`AsyncOpenAI(api_key=settings.OPENAI_API_KEY)` where `Settings` declares no such field):
    AttributeError, whenever the function gets there (never_runs.py)."""

    def __init__(self, project: Project, trees: Trees) -> None:
        self.p = project
        self.trees = trees
        self._names: set[str] | None = None  # see `_held_names`
        self._objects: dict[str, dict[str, str]] = {}  # module path → `_settings_objects`
        self._lacking: dict[tuple[str, str], bool] = {}  # (class, attribute) → `_lacks`

    def read_missing(self, func: Func, refs: Iterable[tuple]) -> bool:
        """Whether one of `refs` (what a call of `func` is handed) is `name.attr` of a module
        settings object whose class surely has no `attr`."""
        if self._names is None:
            self._names = _held_names(self.p)
        fd = func.fd
        # (a local or a parameter of the name hides the module's object)
        names = self._names - fd.locals.keys() - {p.name for p in fd.params}
        reads = [
            (ref[1][1], ref[2])
            for ref in refs
            if ref[0] == "attr" and ref[1][0] == "name" and ref[1][1] in names
        ]
        if not reads:
            return False
        held = self._objects.get(func.mod.path)
        if held is None:
            held = self._objects[func.mod.path] = _settings_objects(self.p, func.mod, self._names)
        return any(
            _lacks_once(self.p, self.trees, self._lacking, held[name], attr)
            for name, attr in reads
            if name in held
        )


def _reason(mod: Module, line: int, name: str, attr: str, cls: Cls) -> str:
    return (
        f"{mod.path} reads `{name}.{attr}` as it loads (line {line}), but `{cls.cd.name}` "
        f"({cls.mod.path}:{cls.cd.line}), the class of `{name}`, declares no `{attr}`: "
        f"pydantic raises AttributeError, so importing {mod.path} fails"
    )


def _held_names(project: Project) -> set[str]:
    """The names module-level objects of the project's pydantic models are bound to where a
    module builds them (`settings = Settings()`): only those are looked up."""
    models = {
        cls.cd.name
        for gqn, cls in project.classes.items()
        if any(base.startswith("pydantic") for base in project.mro(gqn)[1])
    }
    return {
        name
        for mod in project.unique_modules()
        for name, values in mod.summary.global_values.items()
        for scope, value in values
        if scope == "<module>" and value[0] == "call" and last_name(value[1]) in models
    }


def _settings_objects(project: Project, mod: Module, names: set[str]) -> dict[str, str]:
    """Those of `names` that `mod` binds at its top level (or imports) to an object of a
    project pydantic model: name → the class."""
    scope = project.module_scope(mod)
    summary = mod.summary
    found = {}
    for name in names & (summary.imports.keys() | summary.global_values.keys()):
        imp = summary.imports.get(name)
        if imp is not None and imp.level == 0 and name not in summary.global_values:
            holder = project.import_target(mod, imp).rpartition(".")[0]
            if not own_copy(project, mod, holder, imp.module):
                continue  # (another service's `core.config`, not the file found from here)
        value = project.value_of(scope, ("name", name))
        if value is None or value[0] != "obj" or value[1] not in project.classes:
            continue
        if any(base.startswith("pydantic") for base in project.mro(value[1])[1]):
            found[name] = value[1]
    return found


def _top_level_reads(tree: ast.Module, names: set[str]) -> Iterator[tuple[int, str, str]]:
    """(line, name, attribute) of each `name.attribute` a statement of the module's own body
    (an expression or an assignment) surely reads."""
    for stmt in tree.body:
        if not isinstance(stmt, ast.Expr | ast.Assign | ast.AnnAssign) or stmt.value is None:
            continue
        for node in surely_evaluated(stmt.value):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in names
            ):
                yield stmt.lineno, node.value.id, node.attr


def _lacks_once(
    project: Project, trees: Trees, judged: dict[tuple[str, str], bool], gqn: str, attr: str
) -> bool:
    """`_lacks` of the class `gqn`, judged once per (class, attribute) in `judged`."""
    known = judged.get((gqn, attr))
    if known is None:
        known = judged[gqn, attr] = _lacks(project, trees, project.classes[gqn], attr)
    return known


def _lacks(project: Project, trees: Trees, cls: Cls, attr: str) -> bool:
    """Whether objects of the pydantic model `cls` surely have no attribute `attr`."""
    if attr.startswith(("_", "model_")) or attr in _MODEL_NAMES:
        return False
    classes, outside = project.mro(cls.gqn)
    if not set(outside) <= _PYDANTIC_BASES:
        return False
    for gqn in classes:
        found = project.classes.get(gqn)
        if found is None or found.cd.decorators or _declares(trees, found, attr):
            return False
    return attr not in project.stored_attributes()


def _declares(trees: Trees, cls: Cls, attr: str) -> bool:
    """Whether the class body may give its objects `attr`: a field, an attribute, a method,
    or extra fields let in (`extra="allow"`, or any other mention of `extra`). Unread, it
    may."""
    if attr in cls.cd.methods or attr in cls.cd.attrs:
        return True
    body = trees.class_statement(cls)
    if body is None or "extra" in ast.dump(body):
        return True
    return any(
        isinstance(stmt, ast.AnnAssign)
        and isinstance(stmt.target, ast.Name)
        and stmt.target.id == attr
        for stmt in body.body
    )
