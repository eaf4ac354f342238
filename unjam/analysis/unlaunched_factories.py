"""Apps only the tests build. An app built inside a function (an app factory) serves only if
something runs that function: code of the program (not its tests) calls it, imports it or
hands it on (`app = create_app()`; a call or an import of another package's factory of the
same name does not count), is a command line's command (`@cli.command()`: the CLI runs it),
or names it as a launcher does (`uvicorn.run("main:create_app",
factory=True)`, a string a module gives as it is; `uvicorn --factory
app.audit:create_audit_api` in a Dockerfile, a compose file, a Procfile, a Makefile, a shell
script, a README's instructions, or the factory's own module's docstring). A factory none of
those runs, beside another app that is served, is built by the repository's tests alone
(`create_app()` in a fixture, which unjam leaves out): its routes, its middleware and its
handlers serve no request. So for an app a class's method builds (`self.app = FastAPI()` in
`__init__`) when the program never names that class: not called, imported, subclassed nor
handed on (a library's base class beside the services' own class of the same name).
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from unjam.analysis.discovery import is_test_path
from unjam.analysis.fastapi_records import FastAPIModel, Middleware, RouterObj
from unjam.analysis.launchers import Launchers
from unjam.analysis.project import Project
from unjam.analysis.summary import FuncDef, names_read, refs_in
from unjam.semantics import Role


def without_unlaunched_factories(
    project: Project, model: FastAPIModel, program: Launchers
) -> FastAPIModel:
    """`model` without the apps only an unlaunched factory builds, and what only they serve,
    when another app is served."""
    candidates = [app for app in model.apps if app.scope.fd.qn != "<module>"]
    if not candidates:
        return model
    unlaunched = [app for app in candidates if _unlaunched(project, app, program)]
    dead = {app.sym for app in unlaunched}
    if not dead or len(dead) == len(model.apps):
        return model
    factories = {app.scope.gqn for app in unlaunched}
    # (a middleware class only those factories add: `app.add_middleware(AuditAuth)`)
    classes = {
        (m.name, m.path)
        for m in model.http_middleware
        if m.app is None and registered_only_in(project, m, factories)
    }
    return without_apps(model, dead, classes)


def without_apps(
    model: FastAPIModel, dead: set[str], classes: AbstractSet[tuple[str, str]] = frozenset()
) -> FastAPIModel:
    """`model` without the apps `dead` (by symbol), the apps only they mount, and what only
    they serve; `classes`: (name, path) of the middleware classes only they add."""
    # (an app only dead apps mount is dead too)
    dead |= {app.sym for app in model.apps if app.parents and {p[0] for p in app.parents} <= dead}
    model.apps = [app for app in model.apps if app.sym not in dead]
    model.routes = [r for r in model.routes if r.app not in dead]
    model.others = [
        i
        for i in model.others
        if (not i.app or i.app not in dead)
        and not (i.role is Role.HTTP_MIDDLEWARE and _one_of(i.name, i.path, classes))
    ]
    model.http_middleware = [
        m
        for m in model.http_middleware
        if m.app not in dead and not (m.app is None and (m.name, m.path) in classes)
    ]
    return model


def _one_of(name: str, path: str, classes: AbstractSet[tuple[str, str]]) -> bool:
    """Whether the middleware named `name` (`AuditAuth.dispatch`, or a function a factory
    defines: `create_application.timing`) is one of `classes`."""
    return (name.partition(".")[0], path) in classes or (name.rpartition(".")[2], path) in classes


def registered_only_in(project: Project, middleware: Middleware, factories: set[str]) -> bool:
    """Whether the program (not its tests) hands the middleware class on only inside those
    factories' bodies: each use of its name there that may be this class (another module's
    class of the same name does not count); a use unjam cannot place in a function (a
    module-level list) counts as one elsewhere."""
    name = middleware.name
    gqn = next(
        (
            c.gqn
            for c in project.classes.values()
            if (c.cd.name, c.mod.path) == (name, middleware.path)
        ),
        None,
    )
    users: set[str] = set()
    for mod in project.unique_modules():
        if is_test_path(mod.path) or name not in mod.summary.value_names:
            continue
        here = {
            f"{mod.name}.{fd.qn}" for fd in mod.summary.funcs.values() if _reads(name, refs_in(fd))
        }
        held = [ref for values in mod.summary.global_values.values() for _s, ref in values]
        if not here or f"{mod.name}.<module>" in here or _reads(name, held):
            return False  # (a use no function holds, or the module body's own)
        for user in here:
            func = project.funcs.get(user)
            value = project.value_of(func, ("name", name)) if func is not None else None
            if value is None or value == ("class", gqn):
                users.add(user)
    return bool(users) and users <= factories


def _reads(name: str, refs: list) -> bool:
    return any(name in names_read(ref) for ref in refs)


def _unlaunched(project: Project, app: RouterObj, program: Launchers) -> bool:
    """Whether the app is built in a module-level function nothing runs (see the module)."""
    fd = app.scope.fd
    if fd.class_qn is not None and fd.parent is None and not app.parents:
        return _unbuilt_class(project, app, program)
    if fd.qn == "<module>" or fd.class_qn is not None or fd.parent is not None or app.parents:
        return False
    name = fd.name
    if name in program.named or program.imports(app.scope.gqn, name) or _a_command(fd):
        return False
    if _called(project, app.scope.gqn, name):
        return False
    return not program.launch(app.scope.mod, name)


def _unbuilt_class(project: Project, app: RouterObj, program: Launchers) -> bool:
    """Whether the app is built in a method of a module-level class the program never names
    (a library's `BaseService` whose `__init__` makes `self.app = FastAPI()`, which only the
    tests construct, beside the services' own `BaseService` of another package): no call,
    import, launcher, base-class or handed-on use of its name that may be this class."""
    gqn, mod = app.scope.class_gqn, app.scope.mod
    name = app.scope.fd.class_qn or ""
    if gqn is None or "." in name or gqn != f"{mod.name}.{name}":
        return False
    if program.imports(gqn, name) or _called(project, gqn, name):
        return False
    if any(_handed_on(project, other, gqn, name) for other in project.unique_modules()):
        return False
    return not program.launch(mod, name)


def _handed_on(project: Project, mod, gqn: str, name: str) -> bool:
    """Whether the program module `mod` reads `name` other than as a callee (a base class, an
    argument, an alias: `value_names`) where it may be the class `gqn`: bound so in the
    module, or in a function that binds it itself, or bound to nothing unjam can name."""
    if is_test_path(mod.path) or name not in mod.summary.value_names:
        return False
    scopes = ["<module>", *(fd.qn for fd in mod.summary.funcs.values() if name in fd.locals)]
    for qn in scopes:
        scope = project.funcs.get(f"{mod.name}.{qn}")
        value = project.value_of(scope, ("name", name)) if scope is not None else None
        if value is None or value == ("class", gqn):
            return True
    return False


_COMMANDS = frozenset({"command", "group", "callback"})


def _a_command(fd: FuncDef) -> bool:
    """Whether the function is a command line's command, which the CLI runs when asked
    (`@cli.command()` of Typer or Click, `@click.command()`, `@cli.command("serve")`, a
    group's `@app.callback()`): nothing in the code calls it, yet it runs."""
    for ref, _line, _col in fd.decorators:
        if ref[0] == "call":
            ref = ref[1]
        if ref[0] == "attr" and ref[2] in _COMMANDS:
            return True
    return False


def _called(project: Project, gqn: str, name: str) -> bool:
    """Whether a call by the factory's name in the program (not its tests) may run it: one
    that resolves to it, or to nothing unjam can name (another module's `create_app()` does
    not count)."""
    for caller, site in project.sites_named(name):
        if is_test_path(caller.mod.path):
            continue
        callee = project.callee(caller, site.func)
        if callee is None or callee[1] == gqn:
            return True
    return False
