from sqlalchemy import create_engine


class Database:
    """Builds its engine on first use; `close()` sets the flag back, but only the lifespan's
    shutdown calls it: a memo for as long as the app serves."""

    def __init__(self):
        self._initialized = False
        self._engine = None

    def ensure(self):
        if self._initialized:
            return
        self._engine = create_engine("postgresql://resumes@db/resumes")  # ok: once per process
        self._initialized = True

    async def close(self):
        self._initialized = False


class Pool:
    """`reset()` sets the flag back from a route: every call after it builds again."""

    def __init__(self):
        self._ready = False
        self._engine = None

    def ensure(self):
        if self._ready:
            return
        self._engine = create_engine("postgresql://resumes@db/pool")  # expect: UJ003
        self._ready = True

    def reset(self):
        self._ready = False


db = Database()
pool = Pool()
