from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import create_engine
from sqlalchemy.orm import Session

engine = create_engine("postgresql://clinic@db/clinic")


@contextmanager
def get_session() -> Iterator[Session]:
    """A `with` block's session: the routes that enter it get one; the routes that hand it
    to `Depends` never do (FastAPI unwraps it, takes it for a generator dependency, and
    iterates the manager it returns: TypeError on every request)."""
    with Session(engine) as session:
        yield session
