"""A sync generator made on the event loop but run off it.

Calling a generator function runs none of its body: `body = chunks(path)` only builds the
generator, and the body runs wherever it is iterated. An async endpoint that hands it to
what iterates it in a worker thread — `StreamingResponse(body)`, `iterate_in_threadpool(
body)`, `await asyncio.to_thread(next, body, None)` — blocks nothing with it, while `for part
in chunks(path):` on the loop runs the body there. So the call is an edge into the body only
when the generator may be iterated here; handed only to offloading calls (and closed), it is
what those calls run (callgraph_resolve.py records it as offloaded).

Known from the summary: the locals the call is assigned to, and everything the function does
with them — iterates (`FuncDef.iterated`), returns, stores, aliases, or passes. Anything but
an offloading call's argument (directly, or through another sync generator function's call
handed straight to one: `StreamingResponse(frames(body))`) or `.close()` keeps the edge."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from unjam.analysis.catalogue import Offload
from unjam.analysis.project import Func
from unjam.analysis.summary import CallSite, FuncDef, mentions


def offloaded_generator(
    func: Func,
    calls: list[CallSite],
    callees: list,
    j: int,
    offload: Mapping[str, Offload],
    is_sync_generator: Callable[[object], bool],
) -> int | None:
    """The index of the offloading call that runs the generator call `j` makes (its target
    a sync generator function), when that is all the function does with it — directly, or
    through another sync generator function's call handed straight to it
    (`StreamingResponse(frames(body))`: `frames` iterates `body` where it is itself
    iterated); else None."""
    fd = func.fd
    site = calls[j]
    if site.arg_of >= 0 or site.awaited:
        return None
    made = ("call", site.func, site.args, site.kwargs)
    names = [name for name, values in fd.locals.items() if made in values]
    if len(names) != 1 or _mentioned(made, [*fd.iterated, *fd.return_values, *fd.yield_values]):
        return None
    held = ("name", names[0])
    if _mentioned(held, _kept_refs(fd, names[0]), into_calls=False):
        return None  # iterated, returned, stored or aliased here
    if any(_mentioned(held, _all_refs(inner)) for inner in _nested(func)):
        return None  # a closure sees it: it may iterate it anywhere
    runs_it = None
    for k, other in enumerate(calls):
        if other.func == ("attr", held, "close") and not other.args:
            continue
        if _mentioned(held, [other.func, *other.args, *(v for _, v in other.kwargs)]):
            callee = callees[k]
            wrapper = _wrapping_runner(calls, callees, k, offload, is_sync_generator)
            if wrapper is not None and _mentioned(
                held, [*other.args, *(v for _, v in other.kwargs)]
            ):
                runs_it = wrapper if runs_it is None else runs_it
                continue
            if callee is None or callee[0] != "ext" or callee[1] not in offload:
                return None  # `next(body)`, `list(body)`, `send(body)`: maybe run here
            if not _mentioned(held, [*other.args, *(v for _, v in other.kwargs)]):
                return None  # a method of it called through an offloading name
            runs_it = k if runs_it is None else runs_it
    return runs_it


def _wrapping_runner(
    calls: list[CallSite],
    callees: list,
    k: int,
    offload: Mapping[str, Offload],
    is_sync_generator: Callable[[object], bool],
) -> int | None:
    """The offloading call that call `k` — to a sync generator function — is handed to as
    an argument, if it is one."""
    outer = calls[k].arg_of
    if outer < 0 or not is_sync_generator(callees[k]):
        return None
    runner = callees[outer]
    if runner is None or runner[0] != "ext" or runner[1] not in offload:
        return None
    return outer


def _kept_refs(fd: FuncDef, name: str) -> list:
    refs = [*fd.iterated, *fd.return_values, *fd.yield_values, *fd.mutated]
    refs.extend(value for _base, _attr, value in fd.attr_stores)
    for local, values in fd.locals.items():
        if local != name:
            refs.extend(values)
    return refs


def _nested(func: Func) -> list[FuncDef]:
    """The functions and lambdas defined inside `func`, at any depth."""
    inside = f"{func.fd.qn}."  # (a lambda's qn too: `outer.<lambda:…>`)
    return [fd for qn, fd in func.mod.summary.funcs.items() if qn.startswith(inside)]


def _all_refs(fd: FuncDef) -> list:
    refs = _kept_refs(fd, "")
    for site in fd.calls:
        refs.extend((site.func, *site.args, *(v for _, v in site.kwargs)))
    return refs


def _mentioned(target: tuple, refs: list, into_calls: bool = True) -> bool:
    """Whether `target` appears in any of `refs` (not inside a call unless `into_calls`:
    every call is a call site of its own, judged as one)."""
    return any(type(ref) is tuple and mentions(ref, target, into_calls) for ref in refs)
