"""A sync SQLAlchemy session behind decorators: one hands the arguments through, one hands
the function to a reporter that may call it with anything, one edits the arguments, and one
adds a keyword the call leaves out (a session), passing the others as they are."""

from functools import wraps
from inspect import signature

from sqlalchemy.orm import Session


def log_timeouts(func):
    @wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except TimeoutError:
            raise RuntimeError("database timeout") from None

    return wrapper


def report_errors(func):
    @wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except Exception as err:
            ERRORS.append((err, func))
            raise

    return wrapper


ERRORS: list = []


def batched(func):
    @wraps(func)
    def wrapper(*args, **kwargs):
        kwargs["no_commit"] = True  # the caller's arguments are not what the function gets
        return func(*args, **kwargs)

    return wrapper


class Record:
    @log_timeouts
    def save(self, session: Session, no_commit: bool = False):
        session.add(self)
        if no_commit:
            session.flush()  # ok
        else:
            session.commit()  # expect: UJ001

    @report_errors
    def delete(self, session: Session, no_commit: bool = False):
        if no_commit:
            session.flush()  # expect: UJ001
        else:
            session.commit()  # expect: UJ001

    @batched
    def archive(self, session: Session, no_commit: bool = False):
        if no_commit:
            session.flush()  # expect: UJ001
        else:
            session.commit()  # expect: UJ001


def session_index(func) -> int:
    return list(signature(func).parameters).index("session")


def provide_session(func):
    index = session_index(func)

    @wraps(func)
    def wrapper(*args, **kwargs):
        if "session" in kwargs or index < len(args):
            return func(*args, **kwargs)
        with Session() as session:
            return func(*args, session=session, **kwargs)

    return wrapper


@provide_session
def count_page(statement, *, session: Session, with_total: bool = True):
    total = None
    if with_total:
        total = session.scalar(statement)  # ok: its one caller passes with_total=False
    return session.execute(statement).all(), total  # expect: UJ001


@provide_session
def export_page(statement, *, session: Session, with_total: bool = True):
    total = None
    if with_total:
        total = session.scalar(statement)  # expect: UJ001
    return statement, total
