"""Under what test a router's or include's dependency is added to its list:
`APIRouter(dependencies=[Depends(restrict_access)] if auth_enabled else [])`, or
`if settings.auth: dependencies.append(Depends(is_authenticated))`; and under what test a
route's router is included (`if FEATURE_FLAGS.migration: app.include_router(migration)`).
A route runs such a dependency, or is served at all, only in a deployment where the test
holds, so what a finding says of it is said to hold then (list_items.py records a list's
conditions, fastapi_routes.py the includes; an `append`'s or an include's enclosing `if`, or
the early exit before it, is read from its module's text, as written: path_conditions.py
`serving_test`).
"""

from __future__ import annotations

from unjam.analysis.list_items import Condition
from unjam.analysis.path_conditions import PathConditions
from unjam.analysis.project import Project
from unjam.analysis.top_level_imports import Trees


class DependencyConditions:
    """The text of each condition, the modules' texts read once and only when asked."""

    def __init__(self, project: Project, trees: Trees | None):
        self.p = project
        # (the enclosing `if` read from the module's text, as written: no module parsed)
        self.lines = PathConditions(trees.root) if trees is not None else None
        self._texts: dict[Condition, str] = {}

    def text(self, condition: Condition) -> str:
        """The condition as a message says it: "when `auth_enabled`" (or "when `not
        auth_enabled`", "under a test" for one unjam cannot show), "" for none."""
        if not condition:
            return ""
        if condition not in self._texts:
            self._texts[condition] = self._read(condition)
        return self._texts[condition]

    def _read(self, condition: Condition) -> str:
        if condition[0] == "any":  # (the first of several that has a test)
            return next((t for t in map(self.text, condition[1]) if t), "")
        if condition[0] == "test":
            shown = _shown(condition[1])
            if not shown:
                return "under a test"
            return f"when `not {shown}`" if condition[2] else f"when `{shown}`"
        _tag, name, line, _col = condition
        mod = self.p.modules.get(name)
        if mod is None or self.lines is None:
            return ""
        test = self.lines.serving_test(mod.path, line)
        return f"when `{test}`" if test else ""


def _shown(ref: tuple) -> str:
    """A test as written, for the simple forms a setting takes (`auth_enabled`,
    `settings.auth.enabled`, `auth_enabled()`), "" for another."""
    tag = ref[0]
    if tag == "name":
        return ref[1]
    if tag == "attr":
        base = _shown(ref[1])
        return f"{base}.{ref[2]}" if base else ""
    if tag == "call" and not ref[2] and not ref[3]:
        func = _shown(ref[1])
        return f"{func}()" if func else ""
    return ""
