"""`include_router` calls whose router, or prefix, a function's caller hands in: `def
mount(app, router, prefix): app.include_router(router, prefix=prefix)`, called once per
router. Each call is an include of its own, with its own router and prefix, registered where
the call is written (route_shadows.py orders routes by it), so a program that mounts its
routers through such a helper still leaves out the router modules no call hands over.

A layer of the FastAPI model's builder (see fastapi_model.py).
"""

from __future__ import annotations

from unjam.analysis.fastapi_records import APP, RouterObj
from unjam.analysis.fastapi_routes import RouteModel
from unjam.analysis.parameters import argument
from unjam.analysis.project import Func
from unjam.model import UNREAD_PREFIX

# (router, the app or router it goes into (None: one unjam cannot name), prefix, the caller,
# the argument naming the router, the call's (line, col))
HandedInclude = tuple[RouterObj, RouterObj | None, str, Func, tuple, tuple[int, int]]


class IncludeModel(RouteModel):
    def _include_prefix(
        self, func: Func, owner: RouterObj | None, owner_ref: tuple, prefix_ref: tuple | None
    ) -> str:
        """The prefix an `include_router` adds. Into a router unjam cannot name, that
        router's own place is unknown too (`VersionedAPIRouter`, `self.host.app`): "…" goes
        before it — unless it is a FastAPI app (`def startup(app: FastAPI)`), served at the
        root."""
        prefix = self._prefix_text(func, prefix_ref)
        if owner is not None or prefix.startswith(UNREAD_PREFIX):
            return prefix
        if self._app_type(self.p.value_of(func, owner_ref)) == APP:
            return prefix
        return UNREAD_PREFIX + prefix

    def _handed_includes(
        self, func: Func, child_ref: tuple, kwargs: dict, owner: RouterObj | None, owner_ref: tuple
    ) -> list[HandedInclude] | None:
        """One include per call of `func` when the router it includes is its parameter: the
        router each call hands in, into the app it hands in (a parameter too) or the
        include's own, with the prefix the call gives (likewise). None when that cannot be
        known for every call: `func` is a method or is handed on as a value (callers
        unseen), a call hands something unjam cannot name, or the include takes
        dependencies or a `**` spread."""
        fd = func.fd
        params = {q.name: i for i, q in enumerate(fd.params)}
        names = (fd.name, *self._aliases().get(fd.name, ()))
        if (
            child_ref[0] != "name"
            or child_ref[1] not in params
            or func.class_gqn is not None
            or any(name in self.p.used_names() for name in names)
            or kwargs.get("dependencies") is not None
            or None in kwargs  # (`**options`: a prefix or dependencies unjam cannot read)
        ):
            return None
        prefix_ref = kwargs.get("prefix")
        found: list[HandedInclude] = []
        calls = [call for name in names for call in self.p.sites_named(name)]
        for caller, site in calls:
            if self.p.value_of(caller, site.func) != ("func", func.gqn):
                continue
            arg = _passed(func, site, child_ref)
            if arg is None:
                return None
            router = self._router_of(caller, arg)
            if router is None:
                if self._from_missing_module(caller, arg):
                    continue  # (its import fails first)
                return None
            into, into_ref = owner, owner_ref
            if owner_ref[0] == "name" and owner_ref[1] in params:
                into_ref = _passed(func, site, owner_ref) or owner_ref
                into = self._router_of(caller, into_ref)
                if into is None:
                    return None
            given, scope = prefix_ref, func
            if prefix_ref is not None and prefix_ref[0] == "name" and prefix_ref[1] in params:
                given, scope = _passed(func, site, prefix_ref), caller
            prefix = self._include_prefix(scope, into, into_ref, given)
            found.append((router, into, prefix, caller, arg, (site.line, site.col)))
        return found

    def _aliases(self) -> dict[str, set[str]]:
        """Name → the other names modules import it as (`from .login import add_routes as
        add_login_routes`: its calls go by the alias)."""
        aliases = self._import_aliases
        if aliases is None:
            aliases = self._import_aliases = {}
            for mod in self.p.unique_modules():
                for alias, imp in mod.summary.imports.items():
                    if imp.name and alias != imp.name:
                        aliases.setdefault(imp.name, set()).add(alias)
        return aliases


def _passed(func: Func, site, ref: tuple) -> tuple | None:
    """What a call of `func` passes for the parameter `ref` names (else its default)."""
    for index, param in enumerate(func.fd.params):
        if param.name == ref[1]:
            return argument(site, param, index) or param.default
    return None
