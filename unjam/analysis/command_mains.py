"""Which coroutines of a project without an app are a command's main, not a service: run by
`asyncio.run(main())` (or `loop.run_until_complete(main())`; an argparse handler run as
`asyncio.run(args.func(args))`), or a Modal `@app.local_entrypoint()`, and serving nothing — no server started in anything they reach.
Such a program (an example script, a CLI command, a batch job, even one that runs tasks
side by side) answers no request: a blocking call there slows only the command itself, and
it is not served code (docs/check.md, "What counts as served code"). A coroutine some other
code awaits, or a library's, stays an entry.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from unjam.analysis.fastapi_records import _last_name

if TYPE_CHECKING:
    from unjam.analysis.callgraph import CallGraph
    from unjam.analysis.project import Project

# what starts a service on the loop (by the called name: a false match only keeps an entry)
_SERVES = frozenset(
    {
        "serve",
        "serve_forever",
        "start_server",
        "start_unix_server",
        "create_server",
        "create_unix_server",
        "run_app",
        "start",
        "run_forever",
        "listen",
        "add_sockets",
    }
)
_RUNNERS = frozenset({"run", "run_until_complete"})
# runners handed the coroutine function, not its coroutine: `anyio.run(main)`,
# `IOLoop.run_sync(main)`, and python-fire's `fire.Fire(main)`, which runs a coroutine
# function it is handed on an event loop of its own
_FUNCTION_RUNNERS = frozenset(
    {"anyio.run", "trio.run", "tornado.ioloop.IOLoop.run_sync", "fire.Fire"}
)
_AWAITING = frozenset({"wait_for", "shield", "gather"})  # run what they are handed as it is
# names too common to tell on their own: a server only when an outside callee is known
_GENERIC = frozenset({"start", "run_forever", "listen", "add_sockets"})


def command_mains(
    project: Project, graph: CallGraph, roots: list[str]
) -> tuple[set[str], dict[str, int]]:
    """The `roots` that are commands' mains, and those that start a server, each with the
    line of its call that starts serving: what the main does before that line runs once,
    at start-up, before any request (`load_config()` then `await server.serve()`)."""
    run = _run_by_a_runner(project, graph)
    commands: set[str] = set()
    servers: dict[str, int] = {}
    for gqn in roots:
        if gqn not in run and not _local_entrypoint(project, gqn):
            continue
        if not _serves(project, graph, gqn):
            commands.add(gqn)
            continue
        line = _serving_line(project, graph, gqn)
        if line is not None:
            servers[gqn] = line
    return commands, servers


def _serving_line(project: Project, graph: CallGraph, main: str) -> int | None:
    """The line of the main's first call that starts a server, itself or in what it calls."""
    func = project.funcs.get(main)
    if func is None:
        return None
    lines = [call.line for call in func.fd.calls if _starts_a_server(project, func, call.func)]
    lines += [
        edge.line
        for edge in graph.resolved(main).edges
        if edge.callee != main and _serves(project, graph, edge.callee)
    ]
    return min(lines, default=None)


def _run_by_a_runner(project: Project, graph: CallGraph) -> set[str]:
    """Coroutines some call hands straight to `asyncio.run(...)`/`run_until_complete(...)`,
    or to a project function that hands its parameter on to one (`def run_async(coro):
    return asyncio.run(coro)`, a CLI's helper), or what its parameter makes when called
    (`run_sync(lambda: inspect_(files))`); where the handed call is a method call unjam
    cannot resolve, the project's coroutine methods of that name."""
    wrappers, factories = _runner_wrappers(project)
    callers = [func for func in project.funcs.values() if _calls_a_runner(func)]
    for name in {gqn.rpartition(".")[2] for gqn in wrappers | factories} | {"run_sync", "Fire"}:
        callers += [func for func, _site in project.sites_named(name)]
    out = _run_by_a_decorator(project) | _argparse_handlers(project, callers)
    unresolved: set[str] = set()  # the method names of handed calls that resolved to nothing
    for func in {id(f): f for f in callers}.values():
        calls = func.fd.calls
        handed = {i for i in range(len(calls)) if _handed_to_a_runner(project, func, i, wrappers)}
        resolved = set()
        for edge in graph.resolved(func.gqn).edges:
            if edge.site in handed:
                out.add(edge.callee)
                resolved.add(edge.site)
        for i in handed - resolved:
            if calls[i].func[0] == "attr":
                unresolved.add(calls[i].func[2])
        for call in calls:
            runner = _callee(project, func, call.func) if call.args else None
            if runner in factories or runner in _FUNCTION_RUNNERS:
                out |= _coroutines_made_by(project, graph, func, call.args[0])
    # `_run_async(self._executor.run_code(code))` of an executor unjam cannot type: the
    # project's coroutine methods of that name that nothing calls are what it runs
    out |= {
        gqn
        for gqn, f in project.funcs.items()
        if f.fd.is_async and f.class_gqn is not None and f.fd.name in unresolved
    }
    return out


def _handed_to_a_runner(project: Project, func, index: int, wrappers: set[str]) -> bool:
    """Whether the call at `index` of `func` makes what a runner (or a project function
    that hands its parameter to one) is handed: `asyncio.run(main())`, also through
    `asyncio.wait_for(main(), 10)`."""
    calls = func.fd.calls
    outer = calls[index].arg_of
    while outer >= 0 and _awaits_its_argument(calls[outer].func):
        outer = calls[outer].arg_of
    if outer < 0:
        return False
    ref = calls[outer].func
    return _is_runner(ref) or _callee(project, func, ref) in wrappers


def _argparse_handlers(project: Project, callers: list) -> set[str]:
    """The coroutine functions a parser is told to call (`parser.set_defaults(func=cmd_list)`)
    where a runner is handed what the parsed arguments' attribute of that name makes:
    `asyncio.run(args.func(args))`, argparse's way to run one command's handler."""
    names = {
        call.args[0][1][2]
        for func in callers
        for call in func.fd.calls
        if _is_runner(call.func)
        and call.args
        and call.args[0][0] == "call"
        and call.args[0][1][0] == "attr"
    }
    out: set[str] = set()
    for func, site in project.sites_named("set_defaults") if names else ():
        for name, ref in site.kwargs:
            value = project.value_of(func, ref) if name in names else None
            if value is not None and value[0] == "func" and _is_coroutine(project, value[1]):
                out.add(value[1])
    return out


def _is_coroutine(project: Project, gqn: object) -> bool:
    func = project.funcs.get(gqn) if isinstance(gqn, str) else None
    return func is not None and func.fd.is_async


def _runner_wrappers(project: Project) -> tuple[set[str], set[str]]:
    """Project functions that hand one of their parameters to a runner as it is (`def
    run_async(coro): asyncio.run(coro)`), and those that hand it what calling the parameter
    makes (`def run_sync(coro_func): loop.run_until_complete(coro_func())`)."""
    wrappers: set[str] = set()
    factories: set[str] = set()
    for gqn, func in project.funcs.items():
        names = {param.name for param in func.fd.params}
        for call in func.fd.calls:
            if not _is_runner(call.func) or not call.args:
                continue
            handed = call.args[0]
            if handed[0] == "name" and handed[1] in names:
                wrappers.add(gqn)
            elif handed[0] == "call" and handed[1][0] == "name" and handed[1][1] in names:
                factories.add(gqn)
    return wrappers, factories


def _run_by_a_decorator(project: Project) -> set[str]:
    """Coroutines whose decorator runs them: a command framework's `@cli.command(...)` whose
    wrapper calls the function it decorates and hands what it makes to a runner (`res =
    func(*args, **kwargs)`, then `asyncio.run(res)`)."""
    runners = _runner_decorators(project)
    if not runners:
        return set()
    return {
        gqn
        for gqn, func in project.funcs.items()
        if func.fd.is_async
        and func.fd.decorators
        and any(
            value is not None and value[0] == "func" and value[1] in runners
            for value in project.decorator_values(func)
        )
    }


def _runner_decorators(project: Project) -> set[str]:
    """The project functions holding (in themselves or a function nested in them) a runner
    call handed what calling one of their parameters makes: the decorators above, and the
    factories that return them (`def command(help): def decorator(func): ...`)."""
    out: set[str] = set()
    for gqn, func in project.funcs.items():
        for call in func.fd.calls:
            if not _is_runner(call.func) or not call.args:
                continue
            made = call.args[0]
            if made[0] == "name":
                bound = func.fd.locals.get(made[1])
                made = bound[0] if bound is not None and len(bound) == 1 else made
            if made[0] != "call" or made[1][0] != "name":
                continue
            called = made[1][1]
            scope = gqn
            while scope in project.funcs:  # the function itself, then those enclosing it
                if any(p.name == called for p in project.funcs[scope].fd.params):
                    out.update(_enclosing(project, scope))
                    break
                scope = scope.rpartition(".")[0]
    return out


def _enclosing(project: Project, gqn: str) -> list[str]:
    """`gqn` and the project functions that enclose it."""
    out = []
    while gqn in project.funcs:
        out.append(gqn)
        gqn = gqn.rpartition(".")[0]
    return out


def _coroutines_made_by(project: Project, graph: CallGraph, func, made: tuple) -> set[str]:
    """The coroutine functions whose coroutine `made` — a callable handed to such a factory
    runner — makes when called: `lambda: inspect_(files)` → `inspect_`; `main` → `main`;
    `partial(self.launch, argv)` → `launch`."""
    if made[0] == "lambda":
        maker = f"{func.mod.name}.{made[1]}"
        return {
            edge.callee
            for edge in graph.resolved(maker).edges
            if (callee := project.funcs.get(edge.callee)) is not None and callee.fd.is_async
        }
    if made[0] == "call" and made[2] and _callee(project, func, made[1]) == "functools.partial":
        made = made[2][0]
    value = project.value_of(func, made) if made[0] in ("name", "attr") else None
    if (value is None or value[0] == "ext") and made[0] == "attr" and func.class_gqn:
        # `self = cls.instance()` in a classmethod (an outside base's factory, read as that
        # base's): the class's own method of that name
        method = project.method(func.class_gqn, made[2])
        value = None if method is None else ("meth", method.gqn)
    if value is not None and value[0] in ("func", "meth"):
        callee = project.funcs.get(value[1])
        if callee is not None and callee.fd.is_async:
            return {value[1]}
    return set()


def _awaits_its_argument(ref: tuple) -> bool:
    return ref[0] == "attr" and ref[2] in _AWAITING


def _calls_a_runner(func) -> bool:
    return any(_is_runner(call.func) for call in func.fd.calls)


def _callee(project: Project, func, ref: tuple) -> str | None:
    callee = project.callee(func, ref)
    return callee[1] if callee is not None else None


def _is_runner(ref: tuple) -> bool:
    return ref[0] == "attr" and ref[2] in _RUNNERS


def _local_entrypoint(project: Project, gqn: str) -> bool:
    """`@app.local_entrypoint()`: Modal runs it once, from the command line."""
    func = project.funcs.get(gqn)
    return func is not None and any(
        ref[0] == "call" and ref[1][0] == "attr" and ref[1][2] == "local_entrypoint"
        for ref, _line, _col in func.fd.decorators
    )


def _starts_a_server(project: Project, func, ref: tuple) -> bool:
    """Whether a call named like one that starts a service may start one: not when it is
    the project's own function (`await browser.start()`: what it calls is searched in turn),
    nor a `start()`, `run_forever()`, `listen()` or `add_sockets()` but of an outside
    server, site, loop or application (aiohttp's `TCPSite.start()`, Tornado's
    `HTTPServer.listen()` and `Application.listen()` count; `thread.start()`,
    `match.start()`, `sock.listen()` do not)."""
    name = _last_name(ref)
    if name not in _SERVES:
        return False
    callee = project.callee(func, ref)
    if callee is None:
        return name not in _GENERIC  # (`match.start()` of an unknown receiver: no sign)
    if callee[0] in ("func", "meth", "class"):
        return False
    if name in _GENERIC:  # `site.start()`, `server.start()`, `loop.run_forever()`
        owner = callee[1].rpartition(".")[0].rpartition(".")[2].lower()
        return owner.endswith(("server", "site", "loop", "application"))
    return True


def _serves(project: Project, graph: CallGraph, root: str) -> bool:
    seen = {root}
    queue = deque(seen)
    while queue:
        gqn = queue.popleft()
        func = project.funcs.get(gqn)
        if func is None:
            continue
        if any(_starts_a_server(project, func, call.func) for call in func.fd.calls):
            return True
        for callee in graph.successors(gqn, "loop"):
            if callee not in seen:
                seen.add(callee)
                queue.append(callee)
    return False
