"""Where the catalogue's fix for a blocking call does not fit the code around it, the fix that
does (UJ001/UJ002): a command run through a shell needs `create_subprocess_shell`, a lock the
module's own threads take must stay a threading lock, and a `with` statement's context
manager cannot be moved to a thread by itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from unjam.analysis.fastapi_records import _last_name

if TYPE_CHECKING:
    from unjam.analysis.callgraph import Site
    from unjam.analysis.project import Func, Project

_EXEC = "asyncio.create_subprocess_exec("
_LOCK_ACQUIRE = "threading.Lock.acquire"
_THREAD = (("ext", "threading.Thread"), ("class", "threading.Thread"))
FIX_THREADS_LOCK = (
    "this module starts threads (`threading.Thread`), which may take the lock too: keep it a "
    "threading lock and acquire it off the loop — move the locked section into a function "
    "run with `await asyncio.to_thread(...)` (an asyncio.Lock would leave such threads "
    "unguarded)"
)


def fitted(project: Project, site: Site, fix: str) -> str:
    """The catalogue's `fix` for the call at `site`, fitted to it."""
    if _EXEC in fix and _through_a_shell(project, site):
        return fix.replace(_EXEC, "asyncio.create_subprocess_shell(")
    if site.qn == _LOCK_ACQUIRE and _shared_with_threads(project, site):
        return FIX_THREADS_LOCK
    return fix


def context_manager(func: Func) -> bool:
    """Whether `func` is a `@contextmanager` generator (used as `with func():`)."""
    return func.fd.is_generator and any(
        (ref[0] == "name" and ref[1] == "contextmanager")
        or (ref[0] == "attr" and ref[2] == "contextmanager")
        for ref, _line, _col in func.fd.decorators
    )


def hands_out_a_context_manager(project: Project, func: Func) -> bool:
    """Whether the function returns what a `@contextmanager` of the project makes
    (`return cache.acquire(owner=owner)`): its caller's `with` enters that one."""
    for ref in func.fd.return_values:
        callee = project.callee(func, ref[1]) if ref[0] == "call" else None
        made = project.funcs.get(callee[1]) if callee and callee[0] in ("func", "meth") else None
        if made is not None and context_manager(made):
            return True
    return False


def _through_a_shell(project: Project, site: Site) -> bool:
    """Whether the call runs its command through a shell (`subprocess.Popen("start
    nginx.exe", shell=True)`): a command line, which `create_subprocess_exec` cannot run, and
    `create_subprocess_shell` does."""
    func = project.funcs.get(site.func)
    return func is not None and any(
        (call.line, call.col) == (site.line, site.col) and ("shell", ("const", True)) in call.kwargs
        for call in func.fd.calls
    )


def _shared_with_threads(project: Project, site: Site) -> bool:
    """Whether the lock acquired is a module global of a module that starts threads
    (`threading.Thread(target=render)`): they take it too, so it must stay a threading lock;
    an asyncio.Lock would leave them unguarded."""
    func = project.funcs.get(site.func)
    if func is None:
        return False
    call = next((c for c in func.fd.calls if (c.line, c.col) == (site.line, site.col)), None)
    base = call.func[1] if call is not None and call.func[0] == "attr" else None
    if base is None or base[0] != "name" or base[1] in func.fd.locals:
        return False
    mod = func.mod
    if base[1] not in mod.summary.global_values:
        return False
    for fd in mod.summary.funcs.values():
        scope = project.funcs.get(f"{mod.name}.{fd.qn}")
        if scope is None:
            continue
        for c in fd.calls:
            if _last_name(c.func) != "Thread":
                continue
            callee = project.callee(scope, c.func)
            if callee is not None and callee in _THREAD:
                return True
    return False
