"""Lazy directory reads: `Path.glob`, `Path.rglob`, `Path.iterdir`, `Path.walk`, `os.walk`
and `glob.iglob` return generators, so the call itself reads nothing; the directory is read
where the result is iterated. A helper that returns one un-iterated (`return
root.glob("*.j2")`) does no I/O, and the block belongs to the caller that iterates what it
returns — the line the user must change, and one a `to_thread` around the helper would not
fix.

Only the shapes that show the result's fate in one function are read: returned as is (or
through a name), and, in the caller, iterated by `for`, a comprehension, or a consuming
builtin (`list(...)`, `sorted(...)`), as is or through a name."""

from __future__ import annotations

from unjam.analysis.fastapi_records import _last_name
from unjam.analysis.summary import CallSite, FuncDef

LAZY_READS = frozenset(
    (
        "pathlib.Path.glob",
        "pathlib.Path.rglob",
        "pathlib.Path.iterdir",
        "pathlib.Path.walk",
        "os.walk",
        "glob.iglob",
    )
)
# the last name a lazy read is called by (a cheap test before resolving the call)
LAZY_NAMES = frozenset(qn.rpartition(".")[2] for qn in LAZY_READS)
# builtins that iterate their first argument at once
_CONSUMERS = frozenset(
    ("list", "tuple", "set", "frozenset", "sorted", "sum", "any", "all", "min", "max", "next")
)


def call_ref(site: CallSite) -> tuple:
    """The value a call site gives, as the summary writes it where that value is used."""
    return ("call", site.func, site.args, site.kwargs)


def returned_unread(fd: FuncDef) -> list[tuple]:
    """The calls by a lazy read's name whose value `fd` returns as is (or through a local
    name) and never iterates: `return root.glob("*")`, `found = root.iterdir(); return found`."""
    out: list[tuple] = []
    for ref in fd.return_values:
        if ref[0] == "call":
            held = [ref]
        elif ref[0] == "name" and ref not in fd.iterated:
            held = [v for v in fd.locals.get(ref[1], ()) if v[0] == "call"]
        else:
            continue
        out.extend(
            value
            for value in held
            if _last_name(value[1]) in LAZY_NAMES and value not in fd.iterated
        )
    return out


def iterates_result(fd: FuncDef, calls: list[CallSite], index: int) -> bool:
    """Whether `fd` iterates the value the call at `index` gives: `for x in f()`, a
    comprehension over it, `sorted(f())`; or the same through a local name."""
    value = call_ref(calls[index])
    held = [value, *(("name", name) for name, values in fd.locals.items() if value in values)]
    if any(ref in fd.iterated for ref in held):
        return True
    return any(
        site.func[0] == "name"
        and site.func[1] in _CONSUMERS
        and bool(site.args)
        and site.args[0] in held
        for site in calls
    )
