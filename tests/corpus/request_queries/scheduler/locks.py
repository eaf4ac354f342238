import os
from contextlib import contextmanager


@contextmanager
def job_lock(name: str):
    # entered with `with` from async code: its body runs at __enter__/__exit__, on the loop
    try:
        yield name
    finally:
        os.remove(f"/run/scheduler/{name}.lock")  # expect: UJ001
