"""A cache kept on disk: `if os.path.exists(p): read p … else: compute, write p` (crawl4ai's
schema cache). The `else` runs while the file is missing; it writes the very file the other
branch reads back, so a later call that names the same path finds it — once per path, as a
cache keyed by its arguments is. So does `if thumb.exists(): return thumb`, then `img.save(
thumb)`: the caller reads the file at the path it is given. A test that only makes a folder
when it is missing (`if not os.path.exists(path): os.makedirs(path)`) reads nothing back:
what it asks is this call's input (rules/memo.py), not a cached value. Nor does `if
os.path.isfile(src): open(src) … else: requests.get(src)`: the test tells a local file
from a web address, and the miss branch fetches the address it was given, storing nothing.
"""

from __future__ import annotations

from unjam.analysis.summary import FILE_TESTS, CallSite, FuncDef, last_name
from unjam.analysis.summary import under_guard as _under

# calls that write a file at what they are called on, or at their first argument
_WRITERS = frozenset({"write_text", "write_bytes"})
_SAVERS = frozenset({"save", "savefig", "imwrite"})  # `img.save(p)`, `cv2.imwrite(p, img)`
_READERS = frozenset({"read_text", "read_bytes"})
# calls that fetch what their first argument addresses: `requests.get(url)`, `urlopen(url)`
_FETCHES = frozenset({"get", "head", "request", "stream", "urlopen", "urlretrieve"})


def read_back_path(fd: FuncDef, index: int) -> tuple | None:
    """The path of the disk cache whose miss branch guard `index` is — a "while missing"
    test of a file (`not os.path.exists(p)`, the `else` of `if os.path.exists(p):`), whose
    body writes `p`, in a function that also reads `p` outside it or returns it —, else
    None."""
    path = _tested_path(fd, index)
    if path is None:
        return None
    inside = [call for call in fd.calls if _under(fd, call.guard, index)]
    outside = [call for call in fd.calls if not _under(fd, call.guard, index)]
    path = _spelt_out(fd, path)
    if any(_writes(fd, call, path) for call in inside) and (
        any(_reads(fd, call, path) for call in outside)
        or any(_spelt_out(fd, value) == path for value in fd.return_values)
    ):
        return path
    return None


def fetches_the_tested_path(fd: FuncDef, index: int) -> bool:
    """Whether the miss branch of a file test (guard `index`) hands the very value it
    tested to a fetch as the address (`requests.get(src, stream=True)`): the value is a
    file's path or a web address, a choice made on each call, not a file kept on disk."""
    path = _tested_path(fd, index)
    if path is None:
        return False
    return any(
        call.args
        and call.args[0] == path
        and last_name(call.func) in _FETCHES
        and _under(fd, call.guard, index)
        for call in fd.calls
    )


def _spelt_out(fd: FuncDef, path: tuple | None) -> tuple | None:
    """What a local bound once holds (`marker = os.path.join(folder, name)`), so that the
    path a test names and the same path written out again at the write compare equal."""
    if path is not None and path[0] == "name":
        values = fd.locals.get(path[1], ())
        if len(values) == 1:
            return values[0]
    return path


def _tested_path(fd: FuncDef, index: int) -> tuple | None:
    """The path a "while missing" file test asks about (`p` of `not os.path.exists(p)` or
    of `not p.exists()`), unless it is a literal."""
    guard = fd.guards[index]
    subject = guard.subject[1] if guard.subject[0] == "await" else guard.subject
    if guard.kind != "not" or subject[0] != "call" or last_name(subject[1]) not in FILE_TESTS:
        return None
    func, args = subject[1], subject[2]
    path = args[0] if args else func[1] if func[0] == "attr" else None
    return None if path is None or path[0] == "const" else path


def _writes(fd: FuncDef, call: CallSite, path: tuple) -> bool:
    name = last_name(call.func)
    if name == "open":
        return _opened(fd, call) == path and "r" not in _mode(call)
    if name in _SAVERS:
        return bool(call.args) and _spelt_out(fd, call.args[0]) == path
    return name in _WRITERS and _at(fd, call, path)


def _reads(fd: FuncDef, call: CallSite, path: tuple) -> bool:
    name = last_name(call.func)
    if name == "open":
        mode = _mode(call)
        return _opened(fd, call) == path and not any(m in mode for m in "wax")
    return name in _READERS and _at(fd, call, path)


def _opened(fd: FuncDef, call: CallSite) -> tuple | None:
    return _spelt_out(fd, call.args[0]) if call.args else None


def _mode(call: CallSite) -> str:
    """The mode `open` is given as a literal ("r" when none is)."""
    mode = call.args[1] if len(call.args) > 1 else dict(call.kwargs).get("mode")
    if mode is None:
        return "r"
    return mode[1] if mode[0] == "const" and isinstance(mode[1], str) else "?"


def _at(fd: FuncDef, call: CallSite, path: tuple) -> bool:
    """`path.write_text(…)` or `Path(path).write_text(…)`."""
    func = call.func
    if func[0] != "attr":
        return False
    receiver = _spelt_out(fd, func[1])
    return receiver == path or (
        receiver[0] == "call"
        and last_name(receiver[1]) == "Path"
        and tuple(_spelt_out(fd, arg) for arg in receiver[2][:1]) == (path,)
    )
