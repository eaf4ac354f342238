"""A name defined twice: each body is what some installation runs."""

import subprocess
import time

try:
    import orjson

    def dumps(value) -> bytes:
        return orjson.dumps(value)

except ImportError:
    import json

    def dumps(value) -> bytes:
        time.sleep(0.01)  # expect: UJ001
        return json.dumps(value).encode()


if hasattr(time, "monotonic_ns"):

    def git_rev() -> str:
        return subprocess.check_output(["git", "rev-parse", "HEAD"]).decode()  # expect: UJ001

else:

    def git_rev() -> str:
        done = subprocess.run(["git", "describe"], capture_output=True)  # expect: UJ001
        return done.stdout.decode()


def stamp() -> str:
    return "v1"


def stamp() -> str:  # noqa: F811 (a later edit left the old one above)
    return open("VERSION").read()  # expect: UJ001
