"""Whether an app's SQLAlchemy calls reach a local SQLite file rather than a database server
(sqlite_engines.py judges the engines): UJ005 counts no network round trip there, and UJ001
and UJ002 give such a call the kind `file`, not `network`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from unjam.analysis.declared_versions import app_folders
from unjam.analysis.imported import modules_reached
from unjam.analysis.sqlite_engines import only_sqlite_drivers, sqlite_only

if TYPE_CHECKING:
    from unjam.analysis.callgraph import Site
    from unjam.analysis.fastapi_records import RouterObj
    from unjam.analysis.rules_engine import RulesEngine

# the calls that reach the app's own database: SQLAlchemy's, and alembic's migrations of it
APP_DATABASE = ("sqlalchemy.", "alembic.")


class LocalDatabase:
    def __init__(self, engine: RulesEngine) -> None:
        self.p = engine.p
        self.model = engine.model
        root = engine.root
        folders = app_folders([app.path for app in engine.model.apps])
        self.environment_sqlite = root is not None and only_sqlite_drivers(root, folders)
        # for the whole project, and by app, for the engines of the program each app loads
        self.project_wide = sqlite_only(engine.p, None, self.environment_sqlite)
        self._by_app: dict[str, bool] = {}
        self._programs: dict[str, set[str] | None] = {}  # app sym → `engines_loaded`

    def reaches(self, site: Site, app: str) -> bool:
        """Whether the call is SQLAlchemy's (or alembic's) on the app's SQLite file."""
        return site.qn.startswith(APP_DATABASE) and self.of(app)

    def of(self, app: str) -> bool:
        """Whether the engines of the program `app` loads (its module's imports, followed)
        are all SQLite's; where it loads none unjam can see, whether the project's are."""
        known = self._by_app.get(app)
        if known is None:
            known = self.project_wide
            obj = next((a for a in self.model.apps if a.sym == app), None)
            within = self.engines_loaded(obj) if obj is not None else None
            if within is not None:
                known = sqlite_only(self.p, within, self.environment_sqlite)
            self._by_app[app] = known
        return known

    def engines_loaded(self, app: RouterObj) -> set[str] | None:
        """The modules the program `app` loads (its module's imports, followed), when one of
        them builds a SQLAlchemy engine; None when none does."""
        if app.sym not in self._programs:
            within = modules_reached(self.p, app.scope.mod)
            builds = any(f.mod.name in within for f, _s in self.p.sites_named("create_engine"))
            self._programs[app.sym] = within if builds else None
        return self._programs[app.sym]
