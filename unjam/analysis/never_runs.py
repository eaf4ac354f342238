"""Calls that never run, because a statement before them in their block always raises: a
name nothing binds (`db.query(Profile)` where no import or definition of `Profile` is left:
NameError), a local read before anything binds it (`user = db.get(User, user)` with no
`user` before: UnboundLocalError), or SQLAlchemy 2's `session.execute("SELECT …")`, which
refuses a plain string (ArgumentError) before any I/O. A finding at such a call would state
what never happens; the app's own error is for ruff (F821) or its tests to report.

An attribute a project module surely lacks raises too: `db.query(models.User)`, `models`
being a package whose `__init__.py` is empty (AttributeError; missing_attributes.py); so
does a call of a project function whose arguments cannot bind (`can_edit(user)` of `def
can_edit(user, obj)`: TypeError; parameters.py `fails_to_bind`).

The summaries pick, among the functions holding a finding's call, the few that may hold
such a statement; only their modules are read again, with `ast` and `symtable`, which see
every way Python binds a name. A block's rest is dead after such a statement (a loop's, a
`with`'s or a `try`'s body too: what follows the compound statement may still run), and so
is every call of that statement whose evaluation the error cuts short. A function whose own
body holds one, with no `return` or `yield` before it, raises whenever it runs: a route
with such a dependency never runs its endpoint (`always_raises`).
"""

from __future__ import annotations

import ast
import re
import symtable
from pathlib import Path

from unjam.analysis.broken_models import BrokenModels, is_model
from unjam.analysis.callgraph_records import Site
from unjam.analysis.declared_versions import declared_major
from unjam.analysis.def_text import may_raise_first
from unjam.analysis.import_paths import missing_module
from unjam.analysis.missing_attributes import (
    held_object_lacks,
    imported_modules,
    instance_lacks,
    module_attributes,
    module_lacks,
)
from unjam.analysis.missing_attributes import lacks as class_lacks
from unjam.analysis.model_attributes import ModelAttributes
from unjam.analysis.parameters import construction_fails, fails_to_bind
from unjam.analysis.project import Func, Module, Project
from unjam.analysis.raising_statements import (
    BUILTINS,
    CallKey,
    Lacking,
    Position,
    Raising,
    functions,
    imported_once,
    unconditional_defs,
)
from unjam.analysis.roots import DEPLOY_MARKERS, PROJECT_MARKERS
from unjam.analysis.settings_reads import SettingReads
from unjam.analysis.summary import CallSite, FuncDef, ImportRef, ModuleSummary, last_name
from unjam.analysis.test_only_branches import asks_for_pytest
from unjam.analysis.top_level_imports import Trees

# SQLAlchemy 2's `Session.execute` / `Connection.execute` take a statement, not a string
_TEXT_REFUSED = frozenset(
    {
        "sqlalchemy.orm.Session.execute",
        "sqlalchemy.orm.Session.exec",
        "sqlalchemy.engine.Connection.execute",
        "sqlalchemy.Connection.execute",  # (the catalogue's name for it)
    }
)
# openai's module-level API before 1.0: from 1.0 on, each call raises APIRemovedInV1 before
# it sends anything
_OPENAI_V0 = frozenset(
    f"openai.{resource}.{method}"
    for resource in ("ChatCompletion", "Completion", "Embedding", "Image", "Moderation", "Edit")
    for method in ("create", "acreate")
)
# values that are no row of values and no mapping, and the annotations saying so
_PLAIN_TYPES = ("str", "int", "float", "bool", "bytes")
_PLAIN_VALUES = frozenset(("inst", f"builtins.{name}") for name in _PLAIN_TYPES)
_PLAIN_ANNOTATIONS = frozenset(("name", name) for name in _PLAIN_TYPES)
# calls that take a class SQLAlchemy maps, or one of its objects: any other (a pydantic schema)
# raises at once (ArgumentError, UnmappedInstanceError)
_MAPPED_ONLY = frozenset({"sqlalchemy.orm.Session.query", "sqlalchemy.orm.Session.add"})
# Session methods given the object (or the class and key) they act on: called with fewer
# arguments, they raise TypeError before any SQL (`db.refresh()`)
_NEEDS_ARGUMENTS = {
    f"sqlalchemy.{session}.{method}": count
    for session in ("orm.Session", "ext.asyncio.AsyncSession")
    for method, count in (
        *(("refresh", 1), ("add", 1), ("delete", 1), ("merge", 1), ("expunge", 1)),
        ("get", 2),
    )
}
# what a deployable service's folder holds (the folder its app runs from)
_SERVICE_MARKERS = (*PROJECT_MARKERS, *DEPLOY_MARKERS)
# what lets a module make names up as it runs: its unbound names are given the benefit of
# the doubt
# (`exec(` as a builtin's call, not `db.exec(` of a SQLModel session)
_DYNAMIC = re.compile(r"(?<![.\w])(?:globals|vars|exec)\(|builtins|setattr\(sys\.modules")


class NeverRuns:
    """Answers for the calls findings stand at: the function holding each is judged once."""

    def __init__(self, project: Project, root: Path | None) -> None:
        self.p = project
        self.root = root
        self._by_path: dict[str, Module] | None = None
        self._files: dict[str, _File | None] = {}
        self._majors: dict[tuple[str, str], bool] = {}  # see _installs_at_least
        self._lacks: dict[tuple[str, str], bool] = {}  # (module path, name) → `lacks`
        self._override_words: set[str] | None = None  # see `overridden`
        self.models = BrokenModels(project)
        # (the modules' text, read once for the model and settings classes' bodies)
        self.trees = Trees(root) if root is not None else None
        self.model_attributes = ModelAttributes(project, self.trees, self.models)
        self._judging: set[str] = set()  # see `_raises_when_called`
        self._refusing: dict[str, bool] = {}  # gqn → `_refuses_first`
        self.settings: SettingReads | None = None  # see `_reads_a_missing_setting`

    def call(self, path: str, line: int, col: int, name: str = "") -> bool:
        """Whether the call at `path:line:col` (relative path) never runs; `name`: what it
        calls (`first`), which tells apart the calls of a chain that start there."""
        try:
            found = self._file(path)
            return found is not None and found.dead(line, col, name)
        except (RecursionError, MemoryError, ValueError, OSError):
            return False  # (a file too deep or too odd to judge: the finding stands)

    def site(self, site: Site) -> bool:
        """Whether the call graph's call `site` never runs (by what it calls: `first`)."""
        return self.call(site.path, site.line, site.col, site.qn.rpartition(".")[2])

    def line(self, path: str, line: int) -> bool:
        """Whether every call at `path:line` never runs: a step of a printed call chain,
        which names the line where one function calls the next, not the column."""
        try:
            found = self._file(path)
            return found is not None and found.dead_line(line)
        except (RecursionError, MemoryError, ValueError, OSError):
            return False

    def always_raises(self, gqn: str) -> bool:
        """Whether the project function `gqn` raises whenever it runs, before it returns or
        yields."""
        return self.first_raise(gqn) is not None

    def first_raise(self, gqn: str) -> int | None:
        """The line of the statement of `gqn`'s own body that raises whenever the function
        runs, with no `return` or `yield` before it, or None."""
        func = self.p.funcs.get(gqn)
        if func is None:
            return None
        try:
            found = self._file(func.mod.path)
            return None if found is None else found.raises_first(func.fd)
        except (RecursionError, MemoryError, ValueError, OSError):
            return None

    def overridden(self, name: str) -> bool:
        """Whether the app may replace the dependency `name` (`app.dependency_overrides[
        get_settings] = load_config`): a placeholder that raises until then is the usual
        form. Any name written in a module that fills `dependency_overrides` counts."""
        if self._override_words is None:
            self._override_words = set()
            for mod in self.p.unique_modules():
                if self.root is not None and _fills_overrides(mod.summary):
                    try:
                        text = (self.root / mod.path).read_text(encoding="utf-8")
                    except (OSError, ValueError):
                        continue
                    self._override_words |= set(re.findall(r"\w+", text))
        return name in self._override_words

    def _file(self, path: str) -> _File | None:
        if self.root is None:
            return None
        if path not in self._files:
            if self._by_path is None:
                self._by_path = {m.path: m for m in self.p.modules.values()}
            mod = self._by_path.get(path)
            if mod is None or mod.summary.star_imports:
                self._files[path] = None
            else:
                self._files[path] = _File(self, mod, self.root / path)
        return self._files[path]

    def imported_class_lacks(self, mod: Module, name: str, attr: str) -> bool:
        """Whether `name`, as `mod` imports it, is a project class, or an object of one, that
        surely has no attribute `attr` (missing_attributes.py `lacks`, `instance_lacks`)."""
        value = self.p.value_of(self.p.module_scope(mod), ("name", name))
        if value is None or value[1] not in self.p.classes:
            return False
        if value[0] == "obj":  # (a module-level object of the class: `processor.jobs_dir`)
            return instance_lacks(self.p, value[1], attr)
        if value[0] == "class" and self.model_attributes.lacks(value[1], attr):
            return True  # (a model's column read in a query: `RSVP.user_id` of none)
        return value[0] == "class" and class_lacks(self.p, value[1], attr)

    def lacks(self, mod: Module, name: str) -> bool:
        key = (mod.path, name)
        if key not in self._lacks:
            self._lacks[key] = module_lacks(self.p, self.root, mod, name)  # type: ignore[arg-type]
        return self._lacks[key]

    def refused(self, mod: Module, fd: FuncDef, transitive: bool = False) -> set[Position]:
        """Where each call of `fd` starts that raises before it does anything: an
        `x.execute("…")` SQLAlchemy 2 refuses, a Session method given too few arguments
        (`db.refresh()`), a query of a pydantic class, a model built with
        a keyword it lacks (broken_models.py `refuses_keywords`), a schema's dump given a
        keyword pydantic lacks (`body.dict(exculde_unset=True)`), an ORM call or a model
        built where the models cannot be configured (`raises_at_use`), or a call of a project
        function whose arguments cannot bind to its parameters (TypeError: `can_edit(user)`
        of `def can_edit(user, obj)`; parameters.py `fails_to_bind`); and, `transitive` (when
        judging whether a function always raises, as a start-up handler or a dependency:
        few functions, where the cost of judging their callees too is paid), a call of a
        project function that always raises (otherwise, one that always raises at such a
        call of its own: `_refuses_first`)."""
        found: set[Position] = set()
        func = self.p.funcs.get(f"{mod.name}.{fd.qn}")
        if func is None:
            return found
        for call in fd.calls:
            ref = call.func
            if ref[0] not in ("name", "attr"):
                continue
            callee = self.p.callee(func, ref)
            if callee is None:
                continue
            unbindable = (callee[0] in ("func", "meth") and self._unbindable(call, callee)) or (
                callee[0] == "class" and self._unconstructible(call, callee[1])
            )
            if (
                unbindable
                or (
                    callee[1] in _TEXT_REFUSED
                    and (_given_text(call) or self._given_a_row(func, call))
                    and self._installs_at_least(mod, "sqlalchemy", 2)
                )
                or (callee[1] in _OPENAI_V0 and self._installs_at_least(mod, "openai", 1))
                or (callee[1] in _MAPPED_ONLY and self._given_a_schema(func, call))
                or _too_few_arguments(call, _NEEDS_ARGUMENTS.get(callee[1], 0))
                or (callee[0] == "class" and self.model_attributes.refuses(func, callee[1], call))
                or self.model_attributes.dumps_badly(func, call)
                or self.models.raises_at_use(callee, call)
                or (transitive and callee[0] == "func" and self._raises_when_called(callee[1]))
                or (not transitive and callee[0] == "func" and self._refuses_first(callee[1]))
                or (callee[0] in ("func", "meth") and self._fails_on_the_models(callee[1]))
                or self._reads_a_missing_setting(func, call)
            ):
                found.add((call.line, call.col))
        return found

    def _given_a_row(self, func: Func, call: CallSite) -> bool:
        """`conn.execute(text("… VALUES (?, ?)"), (sig, amount))`: parameters as a tuple (or
        list) of plain values, as a DB-API cursor takes them; SQLAlchemy 2 wants a dict (or a
        list of them) and raises ArgumentError before it sends anything."""
        if len(call.args) < 2 or call.args[1][0] not in ("list", "tuple") or not call.args[1][1]:
            return False  # (the summaries write a tuple display as a list)
        first = call.args[1][1][0]
        if first[0] in ("const", "fmt"):
            return first[0] == "fmt" or not isinstance(first[1], tuple | dict)
        param = next((q for q in func.fd.params if first == ("name", q.name)), None)
        if param is not None:  # (`tx_sig: str`)
            return param.annotation in _PLAIN_ANNOTATIONS
        return self.p.value_of(func, first) in _PLAIN_VALUES

    def _given_a_schema(self, func: Func, call: CallSite) -> bool:
        """`db.query(Transaction)`, or `db.add(Transaction(...))`, where `Transaction` is a
        pydantic model and no SQLAlchemy one (a later import of the schema took the model's
        name): ArgumentError, UnmappedInstanceError."""
        if not call.args:
            return False
        arg = call.args[0]
        wanted = "class" if call.func[0] == "attr" and call.func[2] == "query" else "obj"
        if wanted == "class" and arg[0] == "attr":
            arg = arg[1]  # (`db.query(Match.league)`: a pydantic field is no class attribute)
        value = self.p.value_of(func, arg)
        if value is None or value[0] != wanted or value[1] not in self.p.classes:
            return False
        return "pydantic.BaseModel" in self.p.mro(value[1])[1] and not is_model(
            self.p, self.p.classes[value[1]]
        )

    def _reads_a_missing_setting(self, func: Func, call: CallSite) -> bool:
        """Whether the call is handed a setting its settings object lacks (its arguments are
        evaluated first: AttributeError before the call)."""
        if self.settings is None:
            if self.trees is None:
                return False
            self.settings = SettingReads(self.p, self.trees)
        refs = [*call.args, *(value for _key, value in call.kwargs)]
        return self.settings.read_missing(func, refs)

    def _fails_on_the_models(self, gqn: str) -> bool:
        """Where the models cannot be configured (broken_models.py), whether the project
        function or method (one no subclass overrides) always raises by a statement of its
        own: `user = await self.get_by_email(email)`, whose query raises InvalidRequestError
        (re-raised as the app's own error), so `verify_password(...)` after it never runs."""
        return bool(self.models.found()) and self._raises_when_called(gqn, methods=True)

    def _refuses_first(self, gqn: str) -> bool:
        """Whether the project function (not a method) raises whenever it runs at a call of
        its own that raises before it does anything (`refused`, judged without its callees),
        with no call before it: `get_link(db, id)` whose first statement queries a pydantic
        class does nothing, and what its caller does next never runs. (One that connects
        first, then raises, does that much: not so.) The summaries sieve out the rest before
        any parse."""
        if self._judging:
            return False  # (one level only, as `_raises_when_called`)
        known = self._refusing.get(gqn)
        if known is None:
            func = self.p.funcs.get(gqn)
            known = func is not None and func.fd.class_qn is None and self._does_nothing(func)
            self._refusing[gqn] = known
        return known

    def _does_nothing(self, func: Func) -> bool:
        """Whether the function's first call is one `refused` (judged without its callees)
        and the statement that always raises starts at or before it (`return (` on the line
        above `db.query(Schema)...first()`)."""
        self._judging.add(func.gqn)
        try:
            refused = self.refused(func.mod, func.fd)
            if not refused:
                return False
            first = min(refused)
            if any((c.line, c.col) < first for c in func.fd.calls):
                return False
            raising = self.first_raise(func.gqn)
            return raising is not None and raising <= first[0]
        finally:
            self._judging.discard(func.gqn)

    def _raises_when_called(self, gqn: str, methods: bool = False) -> bool:
        """Whether the project function (not a method, which a subclass may override, unless
        `methods` and none does) always raises by a statement of its own (`init_db()` whose
        `conn.execute("SELECT 1")` SQLAlchemy 2 refuses), not through a function it calls."""
        func = self.p.funcs.get(gqn)
        if func is None or self._judging:
            return False  # (one level only: judging the callee's own callees so would walk
            # the whole call graph)
        if func.fd.class_qn is not None and (not methods or self.p.overrides(gqn)):
            return False  # (a classmethod too: `cls.get_name()` may be a subclass's)
        self._judging.add(gqn)
        try:
            return self.first_raise(gqn) is not None
        finally:
            self._judging.discard(gqn)

    def _unbindable(self, call: CallSite, callee: tuple) -> bool:
        """Whether the call's arguments bind to no body the callee may have: its variants,
        and, for a method, each override in a subclass (an interface's `def create(self)`
        stands for a repository's `def create(self, *, body)`)."""
        bodies = (callee[1], *self.p.variants.get(callee[1], ()))
        if callee[0] == "meth":
            bodies += self.p.overrides(callee[1])
        targets = [self.p.funcs.get(gqn) for gqn in bodies]
        return all(t is not None and fails_to_bind(call, t, callee[0]) for t in targets)

    def _unconstructible(self, call: CallSite, class_gqn: str) -> bool:
        """Whether building the project class by `call` cannot bind to the `__init__` its
        objects get: the first of its classes, in MRO order, that defines one (none with a
        decorator, a `__new__` or an Enum's metaclass on the way, which may build it
        otherwise)."""
        classes, outside = self.p.mro(class_gqn)
        built = self.p.classes.get(class_gqn)
        if built is None or any(base.startswith("enum.") for base in outside):
            return False
        for gqn in classes:
            cls = self.p.classes.get(gqn)
            if cls is None or cls.cd.decorators or "__new__" in cls.cd.methods:
                return False
            if "__init__" in cls.cd.methods:
                init = self.p.funcs.get(f"{cls.mod.name}.{cls.cd.methods['__init__']}")
                return init is not None and construction_fails(call, init, built.cd.name)
        return False

    def _installs_at_least(self, mod: Module, package: str, major: int) -> bool:
        """Unless the project pins `package` below `major` (SQLAlchemy 1, openai 0), what
        it installs is that major version or later (the dependency files read once per
        folder and package)."""
        folder = mod.path.rpartition("/")[0]
        key = (folder, package)
        if key not in self._majors:
            parts = folder.split("/") if folder else []
            folders = [f"{'/'.join(parts[:d])}/" for d in range(len(parts), 0, -1)] + [""]
            declared = declared_major(self.root, folders, package)  # type: ignore[arg-type]
            self._majors[key] = declared is None or declared[0] >= major
        return self._majors[key]


class _File:
    """One module: its functions judged from the summary first, and read again (once) only
    when one that holds a finding's call may raise."""

    def __init__(self, owner: NeverRuns, mod: Module, path: Path) -> None:
        self.owner = owner
        self.mod = mod
        self.path = path
        summary = mod.summary
        self.bound = set(summary.imports) | set(summary.global_values)
        self.bound |= {qn for qn in summary.funcs if "." not in qn}
        self.bound |= {qn for qn in summary.classes if "." not in qn}
        self.defs = sorted(
            (fd for fd in summary.funcs.values() if fd.qn != "<module>" and not fd.is_lambda),
            key=lambda fd: fd.line,
        )
        # def line → (its calls cut off, its raising statements' calls that run)
        self.judged: dict[int, tuple[frozenset[CallKey], frozenset[CallKey]]] = {}
        self.always: dict[int, int | None] = {}  # def line → the line that always raises
        self._modules: dict[str, Module] | None = None  # see _imported_modules
        self._source: str | None = None
        self._lines: list[str] | None = None  # the source's, for `may_raise_first`
        self._raising: Raising | None = None
        self._nodes: dict[int, tuple] = {}
        self._unconditional: set[int] = set()  # the lines of the `def`s no test or `try` holds
        # name → whether the module's text may bind it (_bindable_in_text)
        self._bindable: dict[str, bool] = {}

    def dead(self, line: int, col: int, name: str = "") -> bool:
        """Whether the call never runs: every call starting there is cut off, or the one of
        that name is while others of the chain run (`db.query(X)` before the error)."""
        for fd in self._holders(line):
            dead, alive = self._judge(fd)
            cut = {key[2] for key in dead if key[:2] == (line, col)}
            if cut and (name in cut or not any(key[:2] == (line, col) for key in alive)):
                return True
        return False

    def dead_line(self, line: int) -> bool:
        """Whether every call at `line` never runs."""
        holders = self._holders(line)
        if not holders:
            return False
        calls = [(c.line, c.col, last_name(c.func)) for c in holders[0].calls if c.line == line]
        return bool(calls) and all(self.dead(*at) for at in calls)

    def _holders(self, line: int) -> list[FuncDef]:
        """The function whose body may hold `line` (the last `def` above it), and those it
        is nested in."""
        above = [fd for fd in self.defs if fd.line <= line]
        fd = above[-1] if above else None
        found = []
        while fd is not None:
            found.append(fd)
            fd = self.mod.summary.funcs.get(fd.parent) if fd.parent else None
        return found

    def _judge(self, fd: FuncDef) -> tuple[frozenset[CallKey], frozenset[CallKey]]:
        if fd.line not in self.judged:
            self.judged[fd.line] = self._dead_calls(fd)
        return self.judged[fd.line]

    def raises_first(self, fd: FuncDef) -> int | None:
        """(Only a `def` every import of the module runs: not a fallback under `except
        ImportError:` or an `if`, which another definition of the name may stand for.)"""
        if fd.line not in self.always:
            walk = self._walker(fd, _may_raise_at_top(fd), transitive=True)
            found = None
            if walk is not None and fd.line in self._unconditional:
                found = walk[0].raises_first(*walk[1:])
            self.always[fd.line] = found
        return self.always[fd.line]

    def _dead_calls(self, fd: FuncDef) -> tuple[frozenset[CallKey], frozenset[CallKey]]:
        walk = self._walker(fd)
        return (frozenset(), frozenset()) if walk is None else walk[0].dead_calls(*walk[1:])

    def _walker(
        self, fd: FuncDef, may_raise: bool = False, transitive: bool = False
    ) -> tuple | None:
        """(the module's `Raising`, `fd`'s node and scope, the refused calls, the lacking
        attributes) when `fd` may hold a statement that always raises (`may_raise`: a
        `raise` statement may be one)."""
        refused = self.owner.refused(self.mod, fd, transitive)
        unbound, shadowing = _suspects(self.mod.summary, fd, self.bound)
        lacking = self._lacking(fd)
        pytest_only = asks_for_pytest(fd)
        if not (unbound or shadowing or refused or lacking or may_raise or pytest_only):
            return None
        source = self._read()
        if may_raise and not (unbound or shadowing or refused or lacking):
            if self._lines is None:
                self._lines = source.splitlines()
            if not may_raise_first(self._lines, fd.line):
                return None
        suspect = shadowing or refused or lacking or may_raise or pytest_only
        if not (suspect or unbound - self._bindable_in_text(unbound, source)):
            return None
        raising = self._parsed(source)
        node = self._nodes.get(fd.line)
        if raising is None or node is None:
            return None
        return raising, *node, refused, lacking

    def _lacking(self, fd: FuncDef) -> Lacking:
        """The `name.attribute` reads of `fd`'s calls and assignments that surely raise:
        `name` bound by an import of a project module, of a project class (an Enum's missing
        member: `OrderStatus.IN_PROGRESS`) or of a module-level object of one, which has no
        such attribute."""
        modules = self._imported_modules()
        imports = self.mod.summary.imports
        scopes = _enclosing_names(self.mod.summary, fd)
        found = set()
        reads = [(call.func, *call.args, *(v for _k, v in call.kwargs)) for call in fd.calls]
        reads += [tuple(values) for values in fd.locals.values()]  # `path = store.dir / name`
        pairs = {pair for refs in reads for pair in module_attributes(refs)}
        pairs |= self._class_reads_in_text(fd, reads, imports, scopes)
        func = self.owner.p.funcs.get(f"{self.mod.name}.{fd.qn}")
        for name, attr in pairs:
            if name in scopes:
                if func is not None and held_object_lacks(self.owner.p, func, name, attr):
                    found.add((name, attr))  # `mgr = AuthManager(); mgr.gone()`
                continue
            mod = modules.get(name)
            if (mod is not None and self.owner.lacks(mod, attr)) or (
                mod is None
                and name in imports
                and self.owner.imported_class_lacks(self.mod, name, attr)
            ):
                found.add((name, attr))
        for values in fd.locals.values():
            for value in values:  # `def f(): from app.core.security import gone`
                if (
                    value[0] == "imp"
                    and value[3]
                    and (self._import_lacks(value) or self._missing_from_own_package(value))
                ):
                    found.add((f"from {'.' * value[1]}{value[2]}", value[3]))
        return frozenset(found)

    def _class_reads_in_text(
        self, fd: FuncDef, reads: list[tuple], imports: dict, scopes: set[str]
    ) -> set[tuple[str, str]]:
        """`RSVP.status` where the summaries keep no record of it (a comparison: `filter(
        RSVP.status == going)`), for each imported model class `fd`'s calls name
        (`db.query(RSVP)`): read from the function's lines, confirmed like the others."""
        project = self.owner.p
        scope = project.module_scope(self.mod)
        classes = set()
        for name in {n for refs in reads for n in _names_in(refs)}:
            if name in imports and name not in scopes:
                value = project.value_of(scope, ("name", name))
                found = project.classes.get(value[1]) if value and value[0] == "class" else None
                if found is not None and is_model(project, found):
                    classes.add(name)
        if not classes:
            return set()
        pattern = re.compile(r"(?<![.\w])(" + "|".join(sorted(classes)) + r")\.([A-Za-z_]\w*)")
        return {
            (read.group(1), read.group(2))
            for text in self._lines_of(fd)
            for read in pattern.finditer(text)
        }

    def _lines_of(self, fd: FuncDef) -> list[str]:
        """The module's lines from `fd`'s `def` to the next `def` not nested in it (or the
        end): an over-estimate of its body, which the `ast` pass then reads exactly."""
        if self._lines is None:
            self._lines = self._read().splitlines()
        funcs = self.mod.summary.funcs
        end = len(self._lines)
        for other in self.defs:
            if other.line > fd.line and not _nested_in(other, fd, funcs):
                end = other.line - 1
                break
        return self._lines[fd.line - 1 : end]

    def _import_lacks(self, value: tuple) -> bool:
        """Whether a function-local `from <module> import <name>` names a project module
        that surely lacks `name` (no binding, no submodule of that name): ImportError."""
        _tag, level, module, name = value
        if level == 0 and "." not in module:
            return False  # (`from config import x`: a top name a script folder may shadow)
        project = self.owner.p
        target = project.import_target(self.mod, ImportRef(level, module, name))
        if target in project.modules:
            return False  # (a submodule)
        holder = project.modules.get(target.rpartition(".")[0])
        if holder is None:
            return False
        tail = module.replace(".", "/")
        if level == 0 and not holder.path.endswith((f"{tail}.py", f"{tail}/__init__.py")):
            return False  # (found elsewhere than the file the text names)
        return self.owner.lacks(holder, name)

    def _missing_from_own_package(self, value: tuple) -> bool:
        """Whether a function-local `from src.agents.tasks import run` names the importer's
        own top package (`src`, a regular package it sits in, as apps/api/src/main.py, in a
        service's folder: a pyproject.toml, a Dockerfile or a requirements file beside it)
        and a module that package does not hold on disk (another service's apps/worker/src/
        may): once the importer runs, `src` is its own package, so the import raises
        ModuleNotFoundError."""
        _tag, level, module, _name = value
        first = module.partition(".")[0]
        parts = self.mod.path.split("/")[:-1]
        if level or "." not in module or first not in parts:
            return False
        depth = len(parts) - parts[::-1].index(first)  # (the innermost folder so named)
        package = "".join(f"{part}/" for part in parts[:depth])
        above = package.removesuffix(f"{first}/")
        primary = self.owner.p.primary
        if f"{package}__init__.py" not in primary or f"{above}__init__.py" in primary:
            return False  # (not a regular top package: it may be found elsewhere)
        root = self.owner.root
        if root is None or not any((root / above / m).is_file() for m in _SERVICE_MARKERS):
            return False  # (castings/services/shared/ may be `castings.services.shared`)
        return missing_module(root, above, module, module) is not None

    def _imported_modules(self) -> dict[str, Module]:
        if self._modules is None:
            self._modules = imported_modules(self.owner.p, self.mod)
        return self._modules

    def _bindable_in_text(self, names: set[str], source: str) -> set[str]:
        """`_maybe_bound` of the module's text, each name looked for once per module (the
        text is the same for every function of it)."""
        known = self._bindable
        new = {name for name in names if name not in known}
        if new:
            bound = _maybe_bound(new, source)
            known.update((name, name in bound) for name in new)
        return {name for name in names if known[name]}

    def _read(self) -> str:
        if self._source is None:
            try:
                self._source = self.path.read_text(encoding="utf-8")
            except (OSError, ValueError):
                self._source = ""
        return self._source

    def _parsed(self, source: str) -> Raising | None:
        if self._raising is None and source:
            try:
                tree = ast.parse(source)
                table = symtable.symtable(source, str(self.path), "exec")
            except (SyntaxError, ValueError, RecursionError):
                self._source = ""  # (no second try)
                return None
            made_up: bool | set[str] = bool(_DYNAMIC.search(source)) or {
                n for node in ast.walk(tree) if isinstance(node, ast.Global) for n in node.names
            }
            self._raising = Raising(table, made_up, imported_once(tree, table))
            self._nodes = {node.lineno: (node, scope) for node, scope in functions(tree, table)}
            self._unconditional = unconditional_defs(tree)
        return self._raising


def _too_few_arguments(call: CallSite, needed: int) -> bool:
    """Whether the call surely passes fewer than `needed` arguments (no `*` or `**`)."""
    if len(call.args) + len(call.kwargs) >= needed:
        return False
    spread = any(arg[0] == "star" for arg in call.args) or any(k is None for k, _ in call.kwargs)
    return not spread


def _fills_overrides(summary: ModuleSummary) -> bool:
    """`….dependency_overrides[f] = g`, `….dependency_overrides.update(…)` or `… =
    {…}` somewhere in the module."""
    for fd in summary.funcs.values():
        if any(ref[0] == "attr" and ref[2] == "dependency_overrides" for ref in fd.mutated):
            return True
        if any(attr == "dependency_overrides" for _base, attr, _value in fd.attr_stores):
            return True
        for call in fd.calls:
            receiver = call.func[1] if call.func[0] == "attr" else None
            if receiver and receiver[0] == "attr" and receiver[2] == "dependency_overrides":
                return True
    return False


def _given_text(call: CallSite) -> bool:
    """`execute("SELECT …")` or `execute(f"…")`: a plain string as the statement."""
    if not call.args:
        return False
    first = call.args[0]
    return first[0] == "fmt" or (first[0] == "const" and isinstance(first[1], str))


def _may_raise_at_top(fd: FuncDef) -> bool:
    """Whether `fd` may hold a `raise` statement of its own body: it makes an exception
    outside any test (`raise NotImplementedError("…")`), or gives back no value at all (a
    bare `raise NotImplementedError`)."""
    if not (fd.return_values or fd.yield_values):
        return True
    return any(
        call.guard < 0 and last_name(call.func).endswith(("Error", "Exception"))
        for call in fd.calls
    )


def _suspects(summary: ModuleSummary, fd: FuncDef, bound: set[str]) -> tuple[set[str], bool]:
    """What the `ast` pass is to confirm in `fd`: the names its calls read that no scope's
    summary binds (`for`, `except … as` and comprehension targets are left to
    `_maybe_bound`), and whether it binds a name to a value reading it (`Reservation =
    db.query(Reservation)`: a local, unbound while its value is made)."""
    unbound: set[str] = set()
    shadowing = False
    scopes = _enclosing_names(summary, fd)
    for call in fd.calls:
        for name in _names_in((call.func, *call.args, *(v for _k, v in call.kwargs))):
            if name not in bound and name not in scopes and name not in BUILTINS:
                unbound.add(name)
            elif name in fd.locals and _reads_itself(fd, name, name in bound):
                shadowing = True
    return unbound, shadowing


def _reads_itself(fd: FuncDef, name: str, global_too: bool) -> bool:
    """Whether a value `fd` binds to `name` reads it: a suspect when the name is also the
    module's (`Reservation = db.query(Reservation)`) or that is its one binding (`task =
    db.query(task)`), not a parameter's new value (`text = text.strip()`)."""
    values = fd.locals[name]
    if any(p.name == name for p in fd.params) or not (global_too or len(values) == 1):
        return False
    return any(name in _names_in(value) for value in values)


# where a name may be bound that the summaries keep no record of, from the text around it
# on its line: a `for` target (a comprehension's too), an `as` name, a walrus, an import
# inside a function, an annotated assignment, a `match` pattern
_FOR_BEFORE = re.compile(r"\bfor\s+[\w\s,()\[\]*]*$")
_IN_AFTER = re.compile(r"^[\w\s,()\[\]*]*\bin\b")
_AS_BEFORE = re.compile(r"\bas\s*\(?[\w\s,]*$")
_WALRUS_AFTER = re.compile(r"^\s*:=")
_ANNOTATED_AFTER = re.compile(r"^\s*:[^=]*=")


def _maybe_bound(names: set[str], source: str) -> set[str]:
    """Those of `names` the text may bind where the summaries keep no record of it (an
    over-estimate: each is confirmed by `symtable` anyway)."""
    return {name for name in names if _may_bind(name, source)}


def _may_bind(name: str, source: str) -> bool:
    """Whether some whole-word occurrence of `name` (not an attribute: no `.` before it)
    binds it. (`str.find` for each name, not one regular expression for all: a search for a
    literal skips through the text, a pattern starting with a look-behind tries each
    position.)"""
    end = len(source)
    at = source.find(name)
    while at >= 0:
        after = at + len(name)
        if (
            (at == 0 or not _WORD_BEFORE.match(source, at - 1))
            and (after == end or not _WORD.match(source, after))
            and _binds_here(source, at, after)
        ):
            return True
        at = source.find(name, after)
    return False


_WORD = re.compile(r"\w")
_WORD_BEFORE = re.compile(r"[.\w]")


def _binds_here(source: str, start: int, end: int) -> bool:
    first = source.rfind("\n", 0, start) + 1
    last = source.find("\n", end)
    before, after = source[first:start], source[end : last if last >= 0 else len(source)]
    head = before.lstrip()
    if (_FOR_BEFORE.search(before) and _IN_AFTER.search(after)) or _AS_BEFORE.search(before):
        return True
    if _WALRUS_AFTER.search(after) or head.startswith(("import ", "case ")):
        return True
    if head.startswith("from ") and " import " in before:
        return True
    if not head and _ANNOTATED_AFTER.search(after):
        return True
    # a name in the parentheses of a multi-line import
    return source.rfind("import (", 0, start) > source.rfind(")", 0, start)


def _nested_in(inner: FuncDef, outer: FuncDef, funcs: dict[str, FuncDef]) -> bool:
    parent = funcs.get(inner.parent) if inner.parent else None
    while parent is not None:
        if parent is outer:
            return True
        parent = funcs.get(parent.parent) if parent.parent else None
    return False


def _enclosing_names(summary: ModuleSummary, fd: FuncDef | None) -> set[str]:
    names: set[str] = set()
    while fd is not None:
        names |= set(fd.locals) | set(fd.local_defs) | fd.globals_declared
        names |= {p.name for p in fd.params}
        fd = summary.funcs.get(fd.parent) if fd.parent else None
    return names


def _names_in(refs: tuple) -> set[str]:
    found: set[str] = set()
    stack = list(refs)
    while stack:
        item = stack.pop()
        if type(item) is not tuple or not item:
            continue
        if item[0] == "name" and len(item) == 2 and isinstance(item[1], str):
            found.add(item[1])
        else:
            stack.extend(part for part in item if type(part) is tuple)
    return found
