"""Whether a project's SQLAlchemy engines are all SQLite's — or those of the program one app
loads (rules/threadpool.py asks per app: a repository may hold an app on SQLite beside one on
PostgreSQL) —: its sessions' calls then read and write a local file, not the network (UJ005
speaks of network round trips only).

An engine is SQLite's when its URL surely starts with `sqlite` (constant_text.py; also a
field of a settings object whose class reads no environment, a plain class or pydantic model
with `DATABASE_URL: str = "sqlite:///./app.db"`, or a `BaseSettings` one where the project
declares no driver of another database: the environment could name no other; or one its
class's pydantic validator always returns as a `sqlite:` URL, whatever the environment gives
(constant_text.py `field_default`) — and, there,
any URL unjam cannot read: `create_engine(database_url or settings.database_url)`), or when
its URL, unread, is named for SQLite (`os.getenv("SQLITE_DATABASE_URL")`), or when it is
created with `connect_args={"check_same_thread": ...}` written in the call, an option only
the sqlite3 driver accepts (PostgreSQL's and MySQL's refuse it), so it proves the database
(a `connect_args` name, chosen by the URL elsewhere, proves nothing). An engine whose URL
surely names a database server the project installs no driver for is never made (a
`USE_SQLITE` switch's other branch): it is left out. An engine whose URL unjam cannot read,
and any other driver, keeps the sessions' calls network I/O."""

from __future__ import annotations

from pathlib import Path

from unjam.analysis.constant_text import constant_text, field_default
from unjam.analysis.declared_versions import (
    LOCKS,
    default_requirements,
    dependency_files,
    files_mention,
    names_any,
)
from unjam.analysis.deployed_extras import deployed_extra_names, requirement_name
from unjam.analysis.project import Func, Project
from unjam.analysis.repository_files import among, files_matching, words_in
from unjam.analysis.summary import CallSite

_CREATE_ENGINE = ("ext", "sqlalchemy.create_engine")


def sqlite_only(
    project: Project, within: set[str] | None = None, environment_sqlite: bool = False
) -> bool:
    """Whether the project creates SQLAlchemy engines, and every one of them for SQLite;
    `within`: only those the named modules create (an app's program: another app of the
    repository may use another database); `environment_sqlite`: whether a URL the
    environment gives can only be SQLite's (only_sqlite_drivers)."""
    found = False
    for func, site in project.sites_named("create_engine"):
        if within is not None and func.mod.name not in within:
            continue
        if project.callee(func, site.func) != _CREATE_ENGINE:
            continue
        if environment_sqlite and _server_url(project, func, site):
            continue  # no driver of that server is installed: this engine is never made
        if not _sqlite_engine(project, func, site, environment_sqlite):
            return False
        found = True
    return found


# the drivers of the databases SQLAlchemy reaches over the network
_NETWORK_DRIVERS = (
    *("psycopg2", "psycopg2-binary", "psycopg", "psycopg-binary", "asyncpg", "pg8000"),
    *("pymysql", "mysqlclient", "mysql-connector-python", "aiomysql", "asyncmy"),
    *("cx-oracle", "cx_oracle", "oracledb", "pyodbc", "pymssql", "aioodbc"),
    *("snowflake-sqlalchemy", "sqlalchemy-bigquery", "clickhouse-sqlalchemy", "databases"),
)
_DECLARES_DATABASE = ("sqlalchemy", "sqlmodel")
# files that may install a driver (a Dockerfile) or name the database a developer runs with
# (an `.env`, whose interpreter may hold a driver the dependency files leave out)
_DRIVER_OR_URL_FILES = ("Dockerfile*", "*.dockerfile", "*.env*", "env*")
_SERVERS = ("postgres", "mysql", "mariadb", "mssql", "oracle")
# where a platform may hand the app a database URL no file of the repository names
_DEPLOYMENTS = (
    *("Dockerfile*", "Containerfile*", "*.dockerfile", "docker-compose*", "compose*.y*ml"),
    *("Procfile*", "app.json", "render.y*ml", "fly.toml", "railway.*", "heroku.y*ml"),
    *("serverless.y*ml", "vercel.json", "app.y*ml", "*.tf", "Chart.y*ml", "zappa_settings.*"),
)
_DEPENDENCY_FILES = (
    *("requirements*", "constraints*", "pyproject.toml", "Pipfile*", "*.lock"),
    *("setup.py", "setup.cfg", "environment.y*ml"),
)
# the files that may name the database an app runs with
_TEXT_FILES = (
    *("*.py", "*.md", "*.rst", "*.txt", "*.env*", "env*", "*.ini", "*.cfg", "*.toml"),
    *("*.y*ml", "*.json", "*.sh", "Makefile", "*.conf", "*.j2"),
)


def only_sqlite_drivers(root: Path, folders: list[str]) -> bool:
    """Whether a URL the environment gives can only be SQLite's: the dependency files in
    `folders` name SQLAlchemy or SQLModel and no driver of a networked database (without
    one, `create_engine("postgresql://…")` fails), and no Dockerfile or `.env` beside them
    names one, PostgreSQL or MySQL (a driver the image may install, `pip install psycopg2`;
    a database the developer's own interpreter reaches). A compose file naming a server
    runs the image the Dockerfile builds, without a driver: a `docker-compose.postgres.yml`
    beside such an image cannot start."""
    files = dependency_files(root, folders)
    if not any(names_any(path, _DECLARES_DATABASE) for path in files):
        return False
    if any(_installs_a_driver(path) for path in files) and not _driver_left_unused(root):
        return False
    if any(
        name in _NETWORK_DRIVERS
        for path in files
        if path.name == "pyproject.toml"
        for name in deployed_extra_names(root, _DEPLOYMENTS, path)
    ):
        return False  # (`poetry install -E pgsql` in docker/Dockerfile)
    return not files_mention(root, folders, _DRIVER_OR_URL_FILES, (*_SERVERS, *_NETWORK_DRIVERS))


def _driver_left_unused(root: Path) -> bool:
    """Whether a networked database's driver the dependency files install can serve no URL:
    nothing in the repository deploys it (no Dockerfile, compose file, Procfile or other
    platform's manifest, where a `DATABASE_URL` may come from), no other file of it —
    code, documentation, `.env` example, configuration — names a database server or a
    driver, and one names SQLite (a `psycopg2-binary` line left in requirements.txt of an
    app whose settings default to `sqlite:///./dev.db` and whose README runs it so; a URL
    from the environment alone, beside that driver, is PostgreSQL's)."""
    paths = files_matching(root, (*_DEPLOYMENTS, *_DEPENDENCY_FILES, *_TEXT_FILES))
    if paths is None or among(paths, _DEPLOYMENTS):
        return False
    servers = {*_SERVERS, *_NETWORK_DRIVERS}
    skipped = frozenset(among(paths, _DEPENDENCY_FILES))
    named = words_in(among(paths, _TEXT_FILES), servers | {"sqlite"}, skipped, False, servers)
    return "sqlite" in named and not named & servers


def _installs_a_driver(path: Path) -> bool:
    """Whether the dependency file has a networked database's driver installed by default.
    A lock beside a pyproject.toml also lists what only an extra or a group installs
    (`dialect-pg = ["psycopg"]`, a CI-only test): the pyproject.toml says what is."""
    if path.name in LOCKS and (path.parent / "pyproject.toml").is_file():
        return False
    if path.name == "pyproject.toml":
        required = default_requirements(path)
        if required is not None:
            return any(requirement_name(r) in _NETWORK_DRIVERS for r in required)
    return names_any(path, _NETWORK_DRIVERS)


def _server_url(project: Project, func: Func, site: CallSite) -> bool:
    """Whether the engine's URL surely names a database server (`postgresql://…`, a field
    default `DATABASE_URL: str = "postgresql://…"` beside a `USE_SQLITE` switch): where no
    driver of one is installed, `create_engine` raises for it, and the app runs on the
    other engine."""
    url = site.args[0] if site.args else _keywords(func, site).get("url")
    if url is None:
        return False
    text = constant_text(project, func, url, whole=False)
    if text is None:
        found = field_default(project, func, url, whole=False)
        text = found[0] if found is not None else None
    return text is not None and text.startswith(_SERVERS)


def _keywords(func: Func, site: CallSite) -> dict:
    """The call's keyword arguments, those a dict it spreads holds too (`create_engine(
    **db_kwargs)` of `db_kwargs = {"url": f"sqlite:///{path}/user.db", ...}`, bound once)."""
    found: dict = {}
    for key, value in site.kwargs:
        if key is None and value[0] == "name":
            held = func.fd.locals.get(value[1]) or [
                ref for _scope, ref in func.mod.summary.global_values.get(value[1], ())
            ]
            if len(held) == 1 and held[0][0] == "dict":
                for name, item in held[0][1]:
                    if name is not None and name[0] == "const" and isinstance(name[1], str):
                        found[name[1]] = item
        elif key is not None:
            found[key] = value
    return found


def _sqlite_engine(project: Project, func: Func, site: CallSite, environment_sqlite: bool) -> bool:
    kwargs = _keywords(func, site)
    url = site.args[0] if site.args else kwargs.get("url")
    text = constant_text(project, func, url, whole=False) if url is not None else None
    if text is None and url is not None:
        text = _fixed_field(project, func, url, environment_sqlite)
    if text is not None and text.startswith("sqlite"):
        return True
    if text is None and url is not None and _named_for_sqlite(func, url):
        return True
    if text is None and environment_sqlite:
        return True  # a URL unjam cannot read: with no other driver, only SQLite's opens
    connect_args = kwargs.get("connect_args")
    return (
        connect_args is not None
        and connect_args[0] == "dict"
        and any(key == ("const", "check_same_thread") for key, _value in connect_args[1])
    )


def thread_pinned_engines(project: Project) -> list[str]:
    """Where (`path:line`) the project builds an engine with `connect_args={
    "check_same_thread": True}` — written in the call, or bound to a name it passes, maybe
    as one side of a choice (`{"check_same_thread": True} if "sqlite" in uri else {}`): each
    pooled sqlite3 connection then serves only the thread that opened it, so a call moved
    into a worker thread may get one another thread opened, and sqlite3 raises
    `ProgrammingError` (blocking.py says so in the fix)."""
    found = []
    for func, site in project.sites_named("create_engine"):
        given = _keywords(func, site).get("connect_args")
        if given is not None and any(_pins_threads(d) for d in _dicts_named(func, given)):
            found.append(f"{func.mod.path}:{site.line}")
    return found


def _dicts_named(func: Func, ref: tuple) -> list[tuple]:
    """The dict displays `ref` may hold: itself, either side of a choice, or what the name
    it is was bound to (in the function, or at its module's top)."""
    if ref[0] == "name":
        held = func.fd.locals.get(ref[1]) or [
            value for _scope, value in func.mod.summary.global_values.get(ref[1], ())
        ]
        # (not through another name: `a = b` then `b = a` would never end)
        return [d for value in held if value[0] != "name" for d in _dicts_named(func, value)]
    if ref[0] == "ifexp":
        return _dicts_named(func, ref[1]) + _dicts_named(func, ref[2])
    return [ref] if ref[0] == "dict" else []


def _pins_threads(display: tuple) -> bool:
    return any(
        key == ("const", "check_same_thread") and value == ("const", True)
        for key, value in display[1]
    )


def _named_for_sqlite(func: Func, ref: tuple, depth: int = 0) -> bool:
    """Whether a URL unjam cannot read is named for SQLite: `os.getenv("SQLITE_DATABASE_URL")`,
    `settings.sqlite_url`, or a name bound once to one of them (an `.env` example may name a
    PostgreSQL URL beside it, under another variable the code never reads)."""
    if ref[0] == "name":
        if "sqlite" in ref[1].lower():
            return True
        held = func.fd.locals.get(ref[1]) or [
            value for _scope, value in func.mod.summary.global_values.get(ref[1], ())
        ]
        return depth < 3 and len(held) == 1 and _named_for_sqlite(func, held[0], depth + 1)
    if ref[0] == "attr":
        return "sqlite" in ref[2].lower()
    if ref[0] == "call" and ref[1][0] == "attr" and ref[1][2] in ("getenv", "get") and ref[2]:
        name = ref[2][0]
        return name[0] == "const" and isinstance(name[1], str) and "sqlite" in name[1].lower()
    return False


def _fixed_field(project: Project, func: Func, ref: tuple, environment_sqlite: bool) -> str | None:
    """The text `settings.DATABASE_URL` starts with when its class gives the field a constant
    default and reads no environment (a `BaseSettings` may take the URL from the
    environment, so it counts only when that can only be SQLite's too)."""
    found = field_default(project, func, ref, whole=False)
    if found is None or (found[1] and not environment_sqlite):
        return None
    return found[0]
