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


_MAX_SPELLED = 60  # characters: a longer expression is not worth quoting in a fix


def spelled(ref: tuple) -> str | None:
    """The expression `ref` as the code writes it, for the plain spines a method is called
    on (`bs.get_blob_storage().download_tmp_dir`, `cast(BaseDb, db).list_learnings`):
    names, attributes, calls of those with such arguments, and literal strings and numbers;
    None for anything else, or when long."""
    text = _spelled(ref)
    return text if text is not None and len(text) <= _MAX_SPELLED else None


def _spelled(ref: tuple) -> str | None:
    tag = ref[0]
    if tag == "name" and type(ref[1]) is str:
        return ref[1]
    if tag == "attr":
        base = _spelled(ref[1])
        return None if base is None else f"{base}.{ref[2]}"
    if tag == "const" and type(ref[1]) in (str, int, float):
        return repr(ref[1])
    if tag != "call":
        return None
    func = _spelled(ref[1])
    parts = [_spelled(arg) for arg in ref[2]]
    parts += [None if key is None else _keyword(key, value) for key, value in ref[3]]
    if func is None or None in parts:
        return None
    return f"{func}({', '.join(parts)})"  # type: ignore[arg-type]


def _keyword(key: str, value: tuple) -> str | None:
    text = _spelled(value)
    return None if text is None else f"{key}={text}"
