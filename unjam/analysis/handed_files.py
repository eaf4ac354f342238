"""A file a `with open(...) as f:` opens on the loop and hands to a sync call
(`shutil.copyfileobj(upload.file, f)`, `json.dump(data, f)`): the usual fix for the `open`,
an async file (aiofiles, `anyio.Path(...).open`), cannot be handed on to that call, which
writes with plain method calls. Both must leave the loop together, in one sync function run
in a worker thread."""

from __future__ import annotations

from unjam.analysis.project import Func

_OPENS = frozenset({"builtins.open", "pathlib.Path.open"})


def handed_to(func: Func, qn: str, line: int, col: int) -> str | None:
    """The call (as written, `shutil.copyfileobj`) that `func` hands the file it opens at
    (line, col) with `with … as name:` to, or None."""
    if qn not in _OPENS:
        return None
    fd = func.fd
    opened = next((c for c in fd.calls if (c.line, c.col) == (line, col)), None)
    if opened is None:
        return None
    bound = ("enter", ("call", opened.func, opened.args, opened.kwargs))
    names = [name for name, values in fd.locals.items() if bound in values]
    for name in names:
        handle = ("name", name)
        for call in fd.calls:
            if handle in call.args or any(value == handle for _key, value in call.kwargs):
                written = dotted(call.func)
                if written is not None:
                    return written
    return None


def dotted(ref: tuple) -> str | None:
    """`a.b.c` of a chain of attributes on a name, else None."""
    parts: list[str] = []
    while ref[0] == "attr":
        parts.append(ref[2])
        ref = ref[1]
    if ref[0] != "name" or type(ref[1]) is not str:
        return None
    return ".".join([ref[1], *reversed(parts)])
