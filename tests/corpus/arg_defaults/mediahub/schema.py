"""Schema set-up: the migration folder is written fresh unless a caller asks to keep its
configuration, and no caller does — `fresh` is passed along from a parameter every call
leaves at, or sets to, `True`. Log archiving is the contrast: one caller asks for no
compression, so the copy can run. The index sync is also a hook in HOOKS that anything may
call with any argument, so no value is shared by all its calls; but the lifespan's own call
leaves `full` at `True`, and on that path `index` skips the stamp (the search follows the
values a path gives, callgraph.py)."""

import shutil
from pathlib import Path


class SchemaManager:
    def __init__(self, root: str) -> None:
        self.root = Path(root)

    def prepare(self, fresh: bool = False) -> None:
        if fresh:
            shutil.rmtree(self.root / "versions", ignore_errors=True)  # expect: UJ002
        else:
            (self.root / "alembic.ini").write_text("[alembic]\n")  # ok: fresh is always True

    def index(self, full: bool = False) -> None:
        if not full:
            (self.root / "index.stamp").touch()  # ok: the lifespan's path passes full=True

    def pack_logs(self, compress: bool = True) -> None:
        if not compress:
            shutil.copytree(self.root / "logs", self.root / "logs.bak")  # expect: UJ002


class Database:
    def __init__(self, root: str) -> None:
        self.schema = SchemaManager(root)

    def initialize(self, upgrade: bool = False, fresh_schema: bool = True) -> None:
        self.schema.prepare(fresh=fresh_schema)
        self.archive_logs()

    def reset(self) -> None:
        self.initialize(fresh_schema=True)

    def archive_logs(self, compress: bool = True) -> None:
        self.schema.pack_logs(compress=compress)

    def archive_plain(self) -> None:
        self.archive_logs(compress=False)

    def sync_index(self, full: bool = True) -> None:
        self.schema.index(full=full)


DB = Database("migrations")
HOOKS = {"sync": DB.sync_index}  # a hook: whoever runs it may pass full=False
