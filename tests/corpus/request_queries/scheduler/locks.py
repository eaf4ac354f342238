import os
from contextlib import contextmanager


@contextmanager
def job_lock(name: str):
    # entered with `with` from async code: its body runs at __enter__/__exit__, on the loop
    try:
        yield name
    finally:
        os.remove(f"/run/scheduler/{name}.lock")  # expect: UJ001


@contextmanager
def spool_lock(name: str):
    # sync code enters it too (`flush_spool`): async callers need a twin, not this one changed
    try:
        yield name
    finally:
        os.remove(f"/run/scheduler/{name}.spool")  # expect: UJ001


def flush_spool(name: str) -> None:
    with spool_lock(name):
        print("flushed", name)


class Spools:
    """The same, as a method of a module-level object: `spools.held(...)`."""

    @contextmanager
    def held(self, name: str):
        try:
            yield name
        finally:
            os.remove(f"/run/scheduler/{name}.held")  # expect: UJ001

    def drain(self, name: str) -> None:
        with self.held(name):
            print("drained", name)


spools = Spools()
