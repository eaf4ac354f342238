"""A sync SQLAlchemy session behind decorators: one hands the arguments through, one hands
the function to a reporter that may call it with anything, one edits the arguments."""

from functools import wraps

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
