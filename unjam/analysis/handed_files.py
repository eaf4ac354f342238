"""A file a `with open(...) as f:` opens on the loop and hands to another call
(`shutil.copyfileobj(upload.file, f)`, `json.dump(data, f)`, `client.post(url, files={"file":
f})`): the usual fix for the `open`, an async file (aiofiles, `anyio.Path(...).open`), cannot
be handed on — a sync call writes with plain method calls, and httpx's `files=` wants a sync
file or bytes. So either both leave the loop together, in one sync function run in a worker
thread, or (for an awaited call) the bytes are read first, off the loop."""

from __future__ import annotations

from unjam.analysis.project import Func

_OPENS = frozenset({"builtins.open", "pathlib.Path.open"})


def handed_to(func: Func, qn: str, line: int, col: int) -> tuple[str, bool] | None:
    """(the call, as written, and whether it is awaited) that `func` hands the file it opens
    at (line, col) with `with … as name:` to, before it binds that name again; or None."""
    if qn not in _OPENS:
        return None
    fd = func.fd
    opened = next((c for c in fd.calls if (c.line, c.col) == (line, col)), None)
    if opened is None:
        return None
    bound = ("enter", ("call", opened.func, opened.args, opened.kwargs))
    for name, values in fd.locals.items():
        if bound not in values:
            continue
        handle = ("name", name)
        # (`f` bound again by a later `with open(...) as f`: its calls are that file's)
        rebinds = [c.line for c in fd.calls if c.line > line and _binds(c, values)]
        until = min(rebinds, default=None)
        # (or a local holding it: `kwargs = {"files": {"file": f}}`, then `post(**kwargs)`)
        holders = [handle] + [
            ("name", other)
            for other, held in fd.locals.items()
            if other != name and any(_mentions(value, handle) for value in held)
        ]
        for call in fd.calls:
            if call.line < line or (until is not None and call.line >= until):
                continue
            passed = (*call.args, *(v for _k, v in call.kwargs))
            if any(_mentions(ref, holder) for ref in passed for holder in holders):
                written = dotted(call.func)
                if written is not None:
                    return written, call.awaited
    return None


def _binds(call, values: list) -> bool:
    """Whether `call` opens a file bound to the same name (one of its `enter`s; the same
    text, `open(config_file)` twice, is another file object all the same)."""
    return ("enter", ("call", call.func, call.args, call.kwargs)) in values


def _mentions(ref: tuple, handle: tuple) -> bool:
    """Whether `ref` holds `handle` itself, maybe in a container (`{"file": f}`, `(name, f)`),
    not something read from it (`f.read()`, `f.name`)."""
    stack = [ref]
    while stack:
        item = stack.pop()
        if item == handle:
            return True
        if item and item[0] not in ("attr", "call", "name"):
            stack.extend(part for part in item if type(part) is tuple)
    return False


def dotted(ref: tuple) -> str | None:
    """`a.b.c` of a chain of attributes on a name, else None."""
    parts: list[str] = []
    while ref[0] == "attr":
        parts.append(ref[2])
        ref = ref[1]
    if ref[0] != "name" or type(ref[1]) is not str:
        return None
    return ".".join([ref[1], *reversed(parts)])
