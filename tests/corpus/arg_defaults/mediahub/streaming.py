"""A decorator that wraps the function in a class whose `__call__` hands the call's
arguments through: the call's values still decide the wrapped function's branches."""

from collections.abc import Callable


class Streamable:
    def __init__(self, stream: Callable) -> None:
        self.stream = stream

    def __call__(self, *args, **kwargs):
        result = None
        for result in self.stream(*args, **kwargs):
            pass
        return result


def streamable(stream: Callable) -> Streamable:
    return Streamable(stream)


@streamable
def publish(root: str, renames: dict[str, str] = {}):  # noqa: B006
    for old, new in renames.items():
        with open(f"{root}/{new}", "w") as fh:  # ok: no call passes renames
            fh.write(old)
        yield new
    with open(f"{root}/published", "w") as fh:  # expect: UJ001
        fh.write("ok")
    yield root
