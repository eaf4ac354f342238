"""Two managers, one instance each, whose property connects on first read: the module body
reads the first one's, so the lifespan finds it made; nothing reads the second's before the
lifespan does."""

from sqlalchemy import create_engine, text


class PrimaryDatabase:
    def __init__(self):
        with create_engine("postgresql://db/primary").connect() as connection:  # ok
            connection.execute(text("SELECT 1"))  # ok (at import, before serving)

    async def create_all(self) -> None:
        return None


class ReportsDatabase:
    def __init__(self):
        with create_engine("postgresql://db/reports").connect() as connection:  # expect: UJ002
            connection.execute(text("SELECT 1"))  # expect: UJ002

    async def create_all(self) -> None:
        return None


class PrimaryManager:
    def __init__(self):
        self._database: PrimaryDatabase | None = None

    @property
    def database(self) -> PrimaryDatabase:
        if self._database is None:
            self._database = PrimaryDatabase()
        return self._database


class ReportsManager:
    def __init__(self):
        self._database: ReportsDatabase | None = None

    @property
    def database(self) -> ReportsDatabase:
        if self._database is None:
            self._database = ReportsDatabase()
        return self._database


primary = PrimaryManager()
reports = ReportsManager()
create_tables = primary.database.create_all  # reading the property connects, at import
