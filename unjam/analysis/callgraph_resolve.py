"""Resolving one function's call sites into the call graph's records (callgraph.py): which
project function each call reaches (with the guards its argument values decide false),
which blocking calls and client constructions the catalogue names, what is handed to
another context, and which memo guards and polls make a call harmless."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from unjam.analysis.assigned_before import assigned_before
from unjam.analysis.async_decorators import (
    decorator_wrapper,
    registers,
    spawned_by,
    wrappers_run,
)
from unjam.analysis.broken_models import BrokenModels
from unjam.analysis.callgraph_callbacks import PassedCallables, function_called
from unjam.analysis.callgraph_done import DONE_READS, DoneCallbacks
from unjam.analysis.callgraph_generators import offloaded_generator
from unjam.analysis.callgraph_kills import ArgumentKills
from unjam.analysis.callgraph_lazy import (
    LAZY_READS,
    call_ref,
    iterates_result,
    returned_unread,
)
from unjam.analysis.callgraph_no_loop import no_loop_guards
from unjam.analysis.callgraph_records import Edge, Offloaded, Resolved, Site
from unjam.analysis.callgraph_singletons import Singletons
from unjam.analysis.cheap_hashes import CHEAP_HASHES, cheap_hash
from unjam.analysis.data_urls import URL_OPENER, opens_a_data_url
from unjam.analysis.filled_below import filled_below
from unjam.analysis.fixed_flags import FixedFlags
from unjam.analysis.in_memory_io import (
    BUFFER_IO,
    FRAME_IO,
    PANDAS_SQL,
    given_a_buffer,
    in_memory,
    literal_frame,
    on_remote_storage,
    on_sqlite,
)
from unjam.analysis.inference import in_memory_sqlite
from unjam.analysis.instance_fields import ON_SELF
from unjam.analysis.interface_calls import InterfaceCalls, on_own_instance
from unjam.analysis.kernel_files import KERNEL_FILE_CALLS, kernel_file_call
from unjam.analysis.library_callbacks import returned_callbacks
from unjam.analysis.missing_attributes import arguments_raise
from unjam.analysis.orm_delete import ORM_DELETE, OrmDeletes
from unjam.analysis.parameters import fails_to_bind
from unjam.analysis.project import Func, Project, Value
from unjam.analysis.redefined import runtime_bodies
from unjam.analysis.rules.memo import MemoGuards, fixed_paths, set_from_arguments
from unjam.analysis.set_up_only import (
    never_stored,
    set_lazily,
    set_up_only,
    stored_from_outside,
    tested_on_self,
)
from unjam.analysis.slot_resets import SlotResets
from unjam.analysis.sqlite_pragmas import SQLITE_EXECUTES, sets_a_flag
from unjam.analysis.startup_set import SetAtStart
from unjam.analysis.suite_switches import SuiteSwitches
from unjam.analysis.summary import CallSite, FuncDef, handler_guards
from unjam.analysis.values import BEFORE_YIELD_ONLY, EMPTY

_WRAPPERS = frozenset(("await", "star", "enter"))
_WALKED = _WRAPPERS | {"attr", "call"}  # ref tags `_property_edges` looks inside
_NO_GUARDS: frozenset[int] = frozenset()
_NONE: frozenset[str] = frozenset()
_LOOP_RUNNERS = frozenset(
    {"asyncio.run", "asyncio.AbstractEventLoop.run_until_complete", "anyio.run"}
)


class CallResolver:
    """What each function's call sites resolve to (lazily, once): edges to project
    functions, offloaded callables, blocking calls and client constructions."""

    def __init__(
        self,
        project: Project,
        on_error: Callable[[Func, Exception], None],
        once: frozenset[str] = frozenset(),
        root: Path | None = None,
    ):
        self.project = project
        self._once = once  # functions the framework runs once per process: lifespan, startup
        self.cat = project.catalogue
        self._resolved: dict[str, Resolved] = {}
        self._on_error = on_error
        self._property_names: frozenset[str] | None = None  # names of all @property getters
        # qualified name → (blocking entry, client entry, is an offloading API): catalogue facts
        self._facts: dict[str, tuple] = {}
        self._computed: dict[str, frozenset[str]] = {}  # class gqn → its @property names
        self._given: dict[str, frozenset[str]] = {}  # class gqn → its attributes from arguments
        self._fixed: dict[str, frozenset[str]] = {}  # class gqn → its attributes naming a file
        self._init_only: dict[str, frozenset[str]] = {}  # class gqn → init_only_attributes
        self._lazily_set: dict[str, frozenset[str]] = {}  # class gqn → lazily_set_attributes
        self._outside_stores: frozenset[str] | None = None  # see _stored_outside
        self._lazy: dict[str, Site | None] = {}  # function gqn → the lazy read it returns
        self._runners: dict[str, bool] = {}  # function gqn → see _loop_runner
        self._spawners: dict[str, str] = {}  # function gqn → async_decorators.spawned_by
        self._by_def: dict[int, Func] | None = None  # see _enclosing_locals
        self._rearmed: dict[str | None, frozenset[str]] = {}  # class gqn → see _rearmed_of
        # a decorator's wrapper → the functions it was seen wrapping (wrappers_run)
        self.wrapping: dict[str, set[str]] = {}
        self._filled: dict[str, frozenset[tuple]] = {}  # gqn → _filled_below
        self.passed = PassedCallables(project, self._memo_guards)
        self.kills = ArgumentKills(project)
        self.orm_deletes = OrmDeletes(project)
        self.broken_models = BrokenModels(project)
        self.slot_resets = SlotResets(project, root)  # (reads the callers' text: its root)
        self.done = DoneCallbacks(project)
        self.interfaces = InterfaceCalls(project)
        self.switches = SuiteSwitches(project, root)
        self.flags = FixedFlags(project)
        self.singletons = Singletons(project, once, self.kills, self._memo_guards)
        self.set_at_start = SetAtStart(project, once, self.cat.is_client, self.singletons.runs_once)
        # (made once: MemoGuards asks it about the parameters of the function it judges)
        self._shared_argument = self._holds_shared_instance

    # ---- per-function resolution --------------------------------------------------------

    def resolved(self, gqn: str) -> Resolved:
        cached = self._resolved.get(gqn)
        if cached is not None:
            return cached
        func = self.project.funcs.get(gqn)
        result = Resolved()
        if func is not None:
            try:
                result = self._resolve(func)
            except Exception as err:  # contain: one odd function never aborts the run
                self._on_error(func, err)
                result = Resolved()
        self._resolved[gqn] = result
        return result

    def _resolve(self, func: Func) -> Resolved:
        p, cat = self.project, self.cat
        out = Resolved()
        if func.fd.decorators:
            for wrapper, line, col in wrappers_run(p, func):
                out.edges.append(Edge(wrapper.gqn, line, col, False))  # (it runs first)
                self.wrapping.setdefault(wrapper.gqn, set()).add(func.gqn)
        calls = func.fd.calls
        offload = cat.offload
        coroutines = cat.coroutines
        callees: list[Value | None] = []
        append = callees.append
        # (index, name) of calls to coroutine consumers and offloading APIs
        special: list[tuple[int, str]] | None = None
        for site in calls:
            ref = site.func
            # (callee() of a non-attribute is value_of(); methods are called directly, not
            # bound to locals first: compiled, that is a native call instead of a Python one)
            callee = p.callee(func, ref) if ref[0] == "attr" else p.value_of(func, ref)
            if ref[0] == "attr" and ref[1][0] in ("name", "attr"):
                callee = self._located(func, site, ref, callee)
            if (
                callee is not None
                and callee[0] == "ext"
                and ref[0] == "attr"
                and ref[2] == "run_sync"
            ):
                callee = _run_sync(callee, site, offload)
            if callee is not None and callee[0] == "inst":
                callee = self._instance_called(callee[1])
            append(callee)
            if (
                callee is not None
                and callee[0] == "ext"
                and (callee[1] in coroutines or callee[1] in offload)
            ):
                if special is None:
                    special = []
                special.append((len(callees) - 1, callee[1]))
        consumers: set[int] = set()
        skip: set[int] = set()
        handlers = handler_guards(func.fd.guards) if func.fd.guards else _NO_GUARDS
        no_loop = no_loop_guards(p, func) if handlers else _NO_GUARDS
        if special is not None:
            for i, qn in special:
                if qn in coroutines:
                    consumers.add(i)
                off = offload.get(qn)
                if off is not None:
                    on_error = calls[i].guard in handlers
                    self._offload(func, calls, i, (off, qn, on_error), out, skip)
        facts = self._facts
        funcs = p.funcs
        passed = self.passed
        memo = self._memo_guards(func) if func.fd.guards else None
        variants = p.variants
        unset = self.set_at_start.unset_tests(func)  # a fallback start-up makes dead
        if never := self.kills.never_true(func):  # (what no call's arguments let run)
            unset = unset | never
        if tested := self.switches.test_only(func):  # (`if TESTING:`: the tests' branch)
            unset = unset | tested
        if fixed := self.flags.never_true(func):  # (`if not ENABLED:` of `ENABLED = False`)
            unset = unset | fixed
        threaded: list | None = None  # what `_run_by_loop_threads` finds, when asked
        for j, callee in enumerate(callees):
            if callee is None or (skip and j in skip) or (unset and calls[j].guard in unset):
                continue
            kind = callee[0]
            ref = calls[j].func
            if (
                (kind == "func" or kind == "meth")
                and ref[0] == "name"
                and passed.passed_in(func, ref[1])
            ):
                continue  # a function some caller passes: an edge at each caller instead
            site = calls[j]
            guarded = memo is not None and site.guard >= 0 and memo(site.guard)
            if kind == "ext":
                qn = callee[1]
                known = facts.get(qn)
                if known is None:
                    client = cat.exact[qn] if cat.is_client(qn) else None
                    known = facts[qn] = (cat.blocking(qn), client, qn in offload)
                entry, client_entry, offloading = known
                if entry is not None and not (
                    site.awaited
                    or (site.arg_of >= 0 and site.arg_of in consumers)
                    or _polls(qn, site)
                    or (qn in _QUEUE_GETS and _after_empty_check(func.fd, site))
                    or (qn in KERNEL_FILE_CALLS and kernel_file_call(self.project, func, site, qn))
                    or (qn == _SQLITE_CONNECT and in_memory_sqlite(site.args, site.kwargs))
                    or (qn == _POOL_OPEN and not _waits(site))
                    or (qn == _SESSION_MERGE and ("load", _FALSE) in site.kwargs)
                    or (qn in _CONNECT_LATER and not site.args and not _named(site, "host"))
                    or (qn in _INTERVAL_SAMPLES and not _samples_an_interval(site))
                    or (qn in _REVOCATION_CHECKS and not _checks_revocation(site))
                    or (qn in SQLITE_EXECUTES and sets_a_flag(site))
                    or (qn in CHEAP_HASHES and cheap_hash(self.project, func, site, qn))
                    or (qn in LAZY_READS and call_ref(site) in returned_unread(func.fd))
                    or (qn == ORM_DELETE and self.orm_deletes.sends_nothing(func, site))
                    or (qn == URL_OPENER and opens_a_data_url(func.fd, site))
                    or self.broken_models.sends_nothing(qn, site)
                    or (qn in DONE_READS and self.done.reads_done(func, site))
                    or (qn == _PIPELINE and self._given_a_loaded_model(func, site))
                    or (qn in BUFFER_IO and given_a_buffer(self.project, func, site, qn))
                    or (
                        qn in FRAME_IO
                        and in_memory(self.project, func, site, qn)
                        and literal_frame(self.project, func, site)
                    )
                ):
                    if qn in FRAME_IO and in_memory(self.project, func, site, qn):
                        entry = replace(entry, kind="cpu")  # (parsing or serialising only)
                    elif qn in FRAME_IO and on_remote_storage(func, site, qn):
                        entry = replace(entry, kind="network")  # (through fsspec)
                    elif qn in PANDAS_SQL and on_sqlite(self.project, func, site, qn):
                        entry = replace(entry, kind="file")
                    blocking = Site(func.gqn, func.mod.path, site.line, site.col, qn, entry)
                    self._add_blocking(func, site, blocking, guarded, (handlers, no_loop), out)
                if client_entry is not None and not _given_transport(func.fd, site):
                    made = Site(func.gqn, func.mod.path, site.line, site.col, qn, client_entry)
                    out.clients.append((made, guarded))
                    if handlers and site.guard in handlers:
                        out.on_error.add(made)
                    if site.guard >= 0 and self.kills.decidable(func.gqn):
                        out.site_guards[made] = site.guard
                if not offloading and qn not in _KEEPS_CALLABLE:
                    for arg in site.args:
                        if arg[0] == "lambda":
                            out.edges.append(
                                Edge(f"{func.mod.name}.{arg[1]}", site.line, site.col, guarded)
                            )
                    for _, arg in site.kwargs:
                        if arg[0] == "lambda":
                            out.edges.append(
                                Edge(f"{func.mod.name}.{arg[1]}", site.line, site.col, guarded)
                            )
                    if func.fd.local_defs:  # (`return create_run(run)` of a nested `async def`)
                        for gqn in returned_callbacks(p, func, site):
                            out.edges.append(Edge(gqn, site.line, site.col, guarded))
            elif kind == "func" or kind == "meth":
                if self._runs_off_loop(func, j, callees, handlers, out):
                    continue  # a generator handed to what iterates it in a worker thread
                if callee[1] in funcs and not self._never_runs_here(func.fd, site, j, callee[1]):
                    bodies = (
                        runtime_bodies(p, callee[1])
                        if callee[1] in variants and func.fd.qn != "<module>"
                        else (callee[1], *variants.get(callee[1], ()))
                    )
                    if kind == "meth" and not on_own_instance(func, ref):  # (an interface's
                        # stub: its implementations, of the class the object is known to be)
                        bodies = self._implementations(func, ref, bodies)
                    targets = [
                        gqn
                        for gqn in bodies
                        if not fails_to_bind(site, funcs[gqn], kind)
                        and not (site.awaited and _gives_plain_data(funcs[gqn].fd))
                    ]
                    if not targets:
                        continue  # a TypeError, whichever body the name has: none runs
                    if (site.args or site.kwargs) and arguments_raise(p, func, site):
                        continue  # an AttributeError while its arguments are evaluated
                    on_error = bool(handlers) and site.guard in handlers
                    spawner = self._spawner(callee[1])
                    if spawner:  # a decorator starts it in a task and returns (`@repeat_every`)
                        task = Offloaded(callee[1], "task", site.line, site.col, spawner, on_error)
                        out.offloads.append(task)
                        continue
                    loopless = site.guard in no_loop
                    passed.edges(func, site, callee, (guarded, on_error, loopless), out)
                    if site.arg_of >= 0 and self._loop_runner(callees[site.arg_of]):
                        loopless = True  # a coroutine handed to `asyncio.run`
                    elif site.arg_of < 0 and not site.awaited:
                        if threaded is None:
                            threaded = self._run_by_loop_threads(func)
                        loopless = loopless or (
                            bool(threaded) and ("call", ref, site.args, site.kwargs) in threaded
                        )
                    head = site.arg_of >= 0 and callees[site.arg_of] == _NEXT
                    for target in targets:
                        # (every body of a redefined name)
                        kills = self.kills.of_call(func, site, funcs[target])
                        if head and funcs[target].fd.is_generator:
                            kills = kills | _HEAD
                        _add_edge(
                            out,
                            Edge(
                                target,
                                site.line,
                                site.col,
                                guarded,
                                site.guard,
                                kills,
                                on_error,
                                j,
                                loopless,
                            ),
                        )
                    lazy = self._lazy_read(callee[1])
                    if lazy is not None and iterates_result(func.fd, calls, j):
                        blocking = Site(
                            func.gqn, func.mod.path, site.line, site.col, lazy.qn, lazy.entry
                        )
                        self._add_blocking(func, site, blocking, guarded, (handlers, no_loop), out)
            elif kind == "class":
                on_error = bool(handlers) and site.guard in handlers
                # (a metaclass that keeps the instance runs these on the first call only)
                once = guarded or self.singletons.made_once(callee[1])
                for name in ("__new__", "__init__"):
                    method = p.method(callee[1], name)
                    if method is not None:
                        kills = self.kills.of_construction(func, site, callee[1], method)
                        # (`__init__`'s edge keeps the call: what it passes follows the path)
                        index = j if name == "__init__" else -1
                        _add_edge(
                            out,
                            Edge(
                                method.gqn,
                                site.line,
                                site.col,
                                once,
                                site.guard,
                                kills,
                                on_error,
                                index,
                                site.guard in no_loop,
                            ),
                        )
            elif kind == "obj":
                method = p.method(callee[1], "__call__")
                if method is not None:
                    on_error = bool(handlers) and site.guard in handlers
                    edge = Edge(
                        method.gqn, site.line, site.col, guarded, site.guard, EMPTY, on_error
                    )
                    edge.no_loop = site.guard in no_loop
                    out.edges.append(edge)
        self._property_edges(func, out)
        if handlers:
            # calls made only when a `try` failed come last, so a shortest path that can
            # go the normal way does (paths are found breadth-first, in edge order)
            out.edges.sort(key=_on_error_last)
        return out

    def _add_blocking(
        self,
        func: Func,
        site: CallSite,
        blocking: Site,
        guarded: bool,
        where: tuple[frozenset[int], frozenset[int]],
        out: Resolved,
    ) -> None:
        """`where`: the function's `except` handler guards, and those of its handlers that run
        only where no event loop runs."""
        handlers, no_loop = where
        out.blocking.append(blocking)
        if site.guard >= 0 and self.kills.decidable(func.gqn):
            out.site_guards[blocking] = site.guard
        if guarded:
            out.guarded.add(blocking)
        if handlers and site.guard in handlers:
            out.on_error.add(blocking)
            if site.guard in no_loop:
                out.no_loop.add(blocking)

    def _instance_called(self, type_name: str) -> Value | None:
        """What calling an outside instance runs, when the catalogue knows its `__call__`
        blocks (`classifier(text)`, a transformers pipeline): else nothing to follow."""
        qn = f"{type_name}.__call__"
        return ("ext", qn) if self.cat.blocking(qn) is not None else None

    def _given_a_loaded_model(self, func: Func, site: CallSite) -> bool:
        """`pipeline("ner", model=self.model, tokenizer=self.tokenizer)` handed objects a
        `from_pretrained` loaded (reported there): it reads nothing of its own. Given a name
        (`model="distilbert-base-uncased"`), or nothing, it loads the weights."""
        model = dict(site.kwargs).get("model") or (site.args[1] if len(site.args) > 1 else None)
        value = self.project.value_of(func, model) if model is not None else None
        return value is not None and value[0] == "inst" and value[1].startswith("transformers.")

    def _implementations(self, func: Func, ref: tuple, bodies: Sequence[str]) -> tuple:
        """The bodies a method call runs, an interface's stub replaced by its
        implementations — those deriving from the class the call's object is known to be."""
        out: list[str] = []
        for body in bodies:
            found = self.interfaces.bodies(body)
            if found != (body,) and ref[0] == "attr":
                value = self.project.value_of(func, ref[1])
                receiver = value[1] if value is not None and value[0] == "obj" else None
                found = self.interfaces.derived_from(body, found, receiver)
            out.extend(found)
        return tuple(out)

    def _never_runs_here(self, fd: FuncDef, site: CallSite, index: int, gqn: str) -> bool:
        """Whether call `index` only makes a coroutine or generator that nothing runs:
        `[delete(x) for x in xs]` or `refresh()` as a statement, `delete` and `refresh` being
        `async def`s (a forgotten `await`); or `return fetch(x)` in an `async def`, `fetch` a
        coroutine function: the caller gets the coroutine object itself (FastAPI, serialising
        it, never awaits it). A `def` returning it is a coroutine factory: its caller's
        `await` runs it. A sync generator function's generator, returned, runs where the
        caller iterates it, maybe in a thread (`StreamingResponse` iterates one in the
        thread pool): not here (unless a call written the same way is iterated or kept
        here too: `return gen(m)` in one branch, `for _ in gen(m):` in the other). A
        decorated function counts as its decorators leave it: a route decorator hands back
        the function itself, a project decorator its wrapper (an `async def` wrapper makes
        a coroutine too)."""
        target = self.project.funcs[gqn].fd
        if site.awaited or not (target.is_async or target.is_generator):
            return False
        if not self._makes_coroutine_still(gqn):
            return False  # a decorator may return something that runs it when called
        if index in fd.dropped:
            return True
        made = call_ref(site)
        if made not in fd.return_values:
            return False
        if target.is_generator:
            return not target.is_async and not _also_used_here(fd, made)
        return fd.is_async and target.is_async

    def _makes_coroutine_still(self, gqn: str) -> bool:
        """Whether calling the decorated function still makes what its own `def` makes:
        each decorator registers it (`@router.get`) or, for an `async def`, returns an
        `async def` wrapper (`def decorator(func): async def wrapper(...): ...; return
        wrapper`, also through a factory: `@deprecated(sunset_date=...)`)."""
        func = self.project.funcs[gqn]
        for ref, _line, _col in func.fd.decorators:
            if registers(ref):
                continue
            if not func.fd.is_async or func.fd.is_generator:
                return False
            wrapper = decorator_wrapper(self.project, func, ref)
            if wrapper is None or not wrapper.fd.is_async or wrapper.fd.is_generator:
                return False
        return True

    def _located(self, func: Func, site: CallSite, ref: tuple, callee: Value | None):
        """`local.m()` or `local.a.b.m()` where the local was last built, before the call in
        its block, by another call than the one inference types it by (assigned_before.py):
        `c = anthropic.Anthropic()` in one branch, `c = openai.OpenAI()` in the other, then
        `c.chat.completions.create()`."""
        attrs: list[str] = []
        base_ref = ref[1]
        while base_ref[0] == "attr":
            attrs.append(base_ref[2])
            base_ref = base_ref[1]
        if base_ref[0] != "name":
            return callee
        built = assigned_before(func.fd, site, base_ref[1])
        base = None if built is None else self.project.value_of(func, built)
        for attr in reversed(attrs):
            if base is None:
                break
            base = self.project.attribute(base, attr)
        return callee if base is None else self.project.member_callee(base, ref[2])

    def _lazy_read(self, gqn: str) -> Site | None:
        """The lazy directory read (callgraph_lazy.py) the function returns un-iterated, if
        any: its caller that iterates the result reads the directory. Its fix says so."""
        if gqn in self._lazy:
            return self._lazy[gqn]
        found: Site | None = None
        p = self.project
        func = p.funcs[gqn]
        for value in returned_unread(func.fd) if func.fd.return_values else ():
            ref = value[1]
            callee = p.callee(func, ref) if ref[0] == "attr" else p.value_of(func, ref)
            qn = callee[1] if callee is not None and callee[0] == "ext" else None
            entry = self.cat.blocking(qn) if qn in LAZY_READS else None
            if qn is not None and entry is not None:
                fix = (
                    f"`{func.fd.name}()` returns a lazy `{qn}`: the directory is read where it"
                    f" is iterated, so iterate it off the loop: await asyncio.to_thread(lambda:"
                    f" list({func.fd.name}(...)))"
                )
                entry = replace(entry, fix=fix)
                found = Site(gqn, func.mod.path, 0, 0, qn, entry)
                break
        self._lazy[gqn] = found
        return found

    def memo_guards_of(self, gqn: str, shared_self: bool = False) -> MemoGuards | None:
        """The memo guards of a project function (rules/memo.py), as its edges were judged;
        `shared_self`: as they are for a method called on an instance the app keeps for its
        life (rules/shared_receivers.py), whatever other instances its class has."""
        func = self.project.funcs.get(gqn)
        return None if func is None else self._memo_guards(func, shared_self)

    def _memo_guards(self, func: Func, shared_self: bool = False) -> MemoGuards:
        """Which of `fd`'s guards are memos (rules/memo.py), for a method of `class_gqn`:
        its `self.x` tests are when the instance is the process's one (`_singleton`, or
        `shared_self`) and `x` is stored after it is made, not one of the class's
        `@property` getters nor an attribute only `__init__` sets."""
        fd, class_gqn = func.fd, func.class_gqn
        shared = shared_self or self.singleton(class_gqn)
        computed: frozenset[str] = frozenset()
        if shared and class_gqn:
            computed = self._properties_of(class_gqn)
            if fd.name != "__init__":
                computed |= self.init_only_attributes(class_gqn) | self._never_stored(class_gqn, fd)
        given = self._given_of(class_gqn) if not shared and class_gqn else frozenset()
        fixed = self._fixed_of(class_gqn) if not shared and class_gqn else frozenset()
        p = self.project
        rearmed = self._rearmed_of(class_gqn) | self.slot_resets.before_calls(fd)
        invalidated = (
            frozenset(
                name
                for caller, name in p.reset_by_callers(fd)
                if not self.slot_resets.on_error_only(caller, name)
            )
            if fd.globals_declared
            else frozenset()
        )
        per_call = self._enclosing_locals(fd) if fd.parent else frozenset()
        return MemoGuards(
            fd,
            shared,
            computed,
            p.written_names(),
            rearmed,
            given,
            invalidated,
            per_call,
            fixed,
            self._shared_argument if fd.params else None,
            self._filled_by_own_calls(fd, class_gqn),
            self._filled_below(func),
        )

    def _filled_below(self, func: Func) -> frozenset[tuple]:
        """filled_below.py's, for a function with an early exit (few have one); asked for
        each memo judgement of the function, found once."""
        if not any(guard.kind in ("done", "cached") for guard in func.fd.guards):
            return frozenset()
        known = self._filled.get(func.gqn)
        if known is None:
            known = self._filled[func.gqn] = filled_below(self.project, func)
        return known

    def _filled_by_own_calls(self, fd: FuncDef, class_gqn: str | None) -> frozenset[str]:
        """The attributes of `self` that the methods `fd` calls on `self` store (`if
        self._endpoint: return` … `self._resolve_endpoints(found)`, which sets
        `self._endpoint`): filled by the call, as its own store would fill them. Asked only
        of a method with an early exit or cached answer to judge."""
        if (
            class_gqn is None
            or not fd.params
            or fd.params[0].name != "self"
            or not any(guard.kind in ("done", "cached") for guard in fd.guards)
        ):
            return _NONE
        found: set[str] = set()
        for site in fd.calls:
            if site.func[:2] != ON_SELF or site.func[2] == fd.name:
                continue
            method = self.project.method(class_gqn, site.func[2])
            if method is None or not method.fd.params:
                continue
            me = ("name", method.fd.params[0].name)
            found.update(attr for base, attr, _ in method.fd.attr_stores if base == me)
        return frozenset(found) if found else _NONE

    def _rearmed_of(self, class_gqn: str | None) -> frozenset[str]:
        """The flags re-armed for a new cycle (not only after a failure) that a method of
        `class_gqn` (or a plain function, None) may test: the same for each of them."""
        known = self._rearmed.get(class_gqn)
        if known is None:
            p, resets = self.project, self.slot_resets
            known = self._rearmed[class_gqn] = frozenset(
                flag
                for flag in p.rearmed_flags(class_gqn)
                if not resets.rearmed_on_error_only(flag, p.rearming_places(flag))
            )
        return known

    def _holds_shared_instance(self, fd: FuncDef, name: str, attr: str) -> bool:
        """Whether `fd`'s parameter `name` holds the process's one instance of a project
        class (what its callers pass, or its annotation names: every instance of such a
        class is that one) and `attr` is no `@property` of it."""
        func = self._func_of(fd)
        if func is None:
            return False
        for index, param in enumerate(fd.params):
            if param.name == name:
                value = self.project.param_value(func, param, index)
                return (
                    value is not None
                    and value[0] == "obj"
                    and self.singleton(value[1])
                    and attr not in self._properties_of(value[1])
                )
        return False

    def _func_of(self, fd: FuncDef) -> Func | None:
        """The project function whose definition `fd` is."""
        if self._by_def is None:
            self._by_def = {id(func.fd): func for func in self.project.funcs.values()}
        return self._by_def.get(id(fd))

    def _enclosing_locals(self, fd: FuncDef) -> frozenset[str]:
        """The locals and parameters of the functions `fd` is nested in, when none of them
        is run once (a lifespan, an app builder, whose closures keep what they hold)."""
        func = self._func_of(fd)
        if func is None or not fd.parent:
            return frozenset()
        funcs = func.mod.summary.funcs
        names: set[str] = set()
        outer = funcs.get(fd.parent)
        while outer is not None:
            if f"{func.mod.name}.{outer.qn}" in self._once:
                return frozenset()
            names |= set(outer.locals) | {param.name for param in outer.params}
            outer = funcs.get(outer.parent) if outer.parent else None
        return frozenset(names - {"self", "cls"})

    def _given_of(self, class_gqn: str) -> frozenset[str]:
        """The attributes the class and its project bases store from their methods'
        arguments (rules/memo.py `set_from_arguments`)."""
        return self._of_methods(self._given, class_gqn, set_from_arguments)

    def _fixed_of(self, class_gqn: str) -> frozenset[str]:
        """The attributes the class and its project bases set to a path written in the
        code (rules/memo.py `fixed_paths`)."""
        return self._of_methods(self._fixed, class_gqn, fixed_paths)

    def _of_methods(
        self,
        known: dict[str, frozenset[str]],
        class_gqn: str,
        judge: Callable[[list[FuncDef]], frozenset[str]],
    ) -> frozenset[str]:
        """What `judge` finds in the methods of the class and its project bases, kept."""
        found = known.get(class_gqn)
        if found is None:
            found = known[class_gqn] = judge([m.fd for m in self.methods_of(class_gqn)])
        return found

    def methods_of(self, class_gqn: str) -> list[Func]:
        """The methods of the class and of its project bases."""
        p = self.project
        methods: list[Func] = []
        for owner in p.mro(class_gqn)[0]:
            cls = p.classes.get(owner)
            for name in cls.cd.methods if cls is not None else ():
                method = p.method(owner, name)
                if method is not None:
                    methods.append(method)
        return methods

    def init_only_attributes(self, class_gqn: str) -> frozenset[str]:
        """The class's attributes only `__init__` stores (set_up_only.py)."""
        known = self._init_only.get(class_gqn)
        if known is None:
            methods = [m.fd for m in self.methods_of(class_gqn)]
            known = self._init_only[class_gqn] = set_up_only(methods, self._stored_outside())
        return known

    def lazily_set_attributes(self, class_gqn: str) -> frozenset[str]:
        """The class's attributes a method makes once, under a test that they are unset
        (set_up_only.py `set_lazily`)."""
        known = self._lazily_set.get(class_gqn)
        if known is None:
            methods = [m.fd for m in self.methods_of(class_gqn)]
            known = self._lazily_set[class_gqn] = set_lazily(methods, self._stored_outside())
        return known

    def _never_stored(self, class_gqn: str, fd: FuncDef) -> frozenset[str]:
        """The attributes `fd` tests that nothing stores on the class's objects (set_up_only.py
        `never_stored`)."""
        tested = tested_on_self(fd)
        if not tested:
            return frozenset()
        methods = [m.fd for m in self.methods_of(class_gqn)]
        return never_stored(methods, self._stored_outside(), tested)

    def _stored_outside(self) -> frozenset[str]:
        """The attribute names code stores on something other than `self` (set_up_only.py
        `stored_from_outside`), read once."""
        if self._outside_stores is None:
            self._outside_stores = stored_from_outside(self.project)
        return self._outside_stores

    def _properties_of(self, class_gqn: str) -> frozenset[str]:
        """The names of the `@property` getters of the class and its project bases."""
        known = self._computed.get(class_gqn)
        if known is None:
            known = self._computed[class_gqn] = frozenset(
                m.fd.name for m in self.methods_of(class_gqn) if self.project.is_property(m)
            )
        return known

    def singleton(self, class_gqn: str | None) -> bool:
        """Whether the class's instances are one per process (callgraph_singletons.py)."""
        return self.singletons.of(class_gqn)

    def _run_by_loop_threads(self, func: Func) -> list:
        """The calls (as refs) whose coroutines `func` hands to a thread that runs a loop of
        its own: `Thread(target=asyncio.run, args=(main(),))`."""
        found: list = []
        for site in func.fd.calls:
            if not site.kwargs or all(name != "target" for name, _value in site.kwargs):
                continue
            kwargs = dict(site.kwargs)
            handed = kwargs.get("args")
            if (
                handed is not None
                and handed[0] in ("list", "tuple")
                and _runs_a_loop(self.project.value_of(func, kwargs["target"]))
            ):
                found.extend(handed[1])
        return found

    def _is_sync_generator(self, callee: object) -> bool:
        """Whether a call's callee is a project `def` generator function."""
        if not isinstance(callee, tuple) or callee[0] not in ("func", "meth"):
            return False
        target = self.project.funcs.get(callee[1])
        return target is not None and target.fd.is_generator and not target.fd.is_async

    def _loop_runner(self, value: Value | None) -> bool:
        """Whether the call runs the coroutine it is handed on a loop of its own, in the
        calling thread: `asyncio.run(...)`, or a project helper that hands its parameter to
        it (`conc.run_coroutine(self._save_batch_async(...))`)."""
        if _runs_a_loop(value):
            return True
        if value is None or value[0] not in ("func", "meth"):
            return False
        known = self._runners.get(value[1])
        if known is None:
            func = self.project.funcs.get(value[1])
            known = func is not None and _hands_a_parameter_to_a_loop(self.project, func)
            self._runners[value[1]] = known
        return known

    def _runs_off_loop(
        self, func: Func, j: int, callees: list, handlers: frozenset[int], out: Resolved
    ) -> bool:
        """Whether call `j` makes a sync generator this function only hands to an offloading
        call (callgraph_generators.py); then that call runs its body, recorded as offloaded."""
        target = self.project.funcs.get(callees[j][1])
        if target is None or not target.fd.is_generator or target.fd.is_async:
            return False
        calls = func.fd.calls
        offload = self.cat.offload
        k = offloaded_generator(func, calls, callees, j, offload, self._is_sync_generator)
        runner_api = callees[k] if k is not None else None
        if k is None or runner_api is None:
            return False
        runner = calls[k]
        qn = runner_api[1]
        out.offloads.append(
            Offloaded(
                target.gqn,
                offload[qn].context,
                runner.line,
                runner.col,
                qn,
                runner.guard in handlers,
            )
        )
        return True

    def _spawner(self, gqn: str) -> str:
        """`async_decorators.spawned_by` of the function, asked once."""
        known = self._spawners.get(gqn)
        if known is None:
            func = self.project.funcs.get(gqn)
            known = self._spawners[gqn] = spawned_by(self.project, func) if func else ""
        return known

    def _offload(self, func: Func, calls, i: int, how: tuple, out: Resolved, skip: set) -> None:
        """Record the callable an offloading call (run_in_threadpool(f), ...) hands off;
        `how`: (its catalogue offload entry, the API's name, whether it is in an `except`
        handler)."""
        off, qn, on_error = how
        p = self.project
        site = calls[i]
        ref = off.handed(site.args, site.kwargs)
        if ref is None:
            return
        if self._offload_passed(func, ref, site, (off.context, qn, on_error), out):
            return
        if ref[0] == "call":
            value = p.callee(func, ref[1])
            target = function_called(p, value)
            if target is not None and value is not None and value[0] != "class":
                for j, inner in enumerate(calls):
                    if inner.arg_of == i and inner.func == ref[1]:
                        skip.add(j)
            else:
                target = function_called(p, p.value_of(func, ref))
        else:
            target = function_called(p, p.value_of(func, ref))
        if target is not None and _runs_there(p, target, off.context):
            out.offloads.append(Offloaded(target, off.context, site.line, site.col, qn, on_error))
            if ref[0] == "lambda":
                skip.add(-1 - i)  # lambda handled as offloaded

    def _offload_passed(
        self, func: Func, ref: tuple, site: CallSite, how: tuple[str, str, bool], out: Resolved
    ) -> bool:
        """`asyncio.ensure_future(work(started))` with `work` a parameter: the work is what
        each caller passes (`start(work=_scan)`), each an entry of its own, started on an
        error path when that caller's call is in an `except` handler. (A parameter's value
        is otherwise the first caller's: the other callers' work would never be an entry.)"""
        if ref and ref[0] == "call":
            ref = ref[1]  # `work(started)`: the callable called
        if not ref or ref[0] != "name" or ref[1] in func.fd.locals:
            return False
        name = ref[1]
        params = func.fd.params
        index = next((i for i, q in enumerate(params) if q.name == name), -1)
        if index < 0 or params[index].kind not in ("pos", "kwonly"):
            return False
        context, qn, on_error = how
        found = False
        p = self.project
        for caller, call, value in p.passed_values(func, params[index], index):
            target = function_called(p, value)
            if target is not None:
                found = True
                if not _runs_there(p, target, context):
                    continue
                guards = caller.fd.guards
                by_error = on_error or (bool(guards) and call.guard in handler_guards(guards))
                out.offloads.append(Offloaded(target, context, site.line, site.col, qn, by_error))
        return found

    def _property_edges(self, func: Func, out: Resolved) -> None:
        """Reading `obj.prop` runs the `@property` getter: an edge like a call.

        (`_read_property` and `_walk_reads` are methods rather than closures, and the
        project's methods are called directly: compiled, those are native calls.)"""
        p = self.project
        properties = self._property_names
        if properties is None:
            properties = self._property_names = frozenset(
                f.fd.name for f in p.funcs.values() if f.fd.decorators and p.is_property(f)
            )
        if not properties:
            return
        fd = func.fd
        seen: set[str] = set()
        # the roots in the order one list of them would give; a root that cannot hold an
        # attribute read is skipped without a walk
        for site in fd.calls:
            if site.func[0] in _WALKED:
                self._walk_reads(func, out, seen, properties, site.func, site.line, site.col)
            for arg in site.args:
                if arg[0] in _WALKED:
                    self._walk_reads(func, out, seen, properties, arg, site.line, site.col)
        line, col = fd.line, fd.col
        for values in fd.locals.values():
            for ref in values:
                if ref[0] in _WALKED:
                    self._walk_reads(func, out, seen, properties, ref, line, col)
        for ref in fd.return_values:
            if ref[0] in _WALKED:
                self._walk_reads(func, out, seen, properties, ref, line, col)

    def _read_property(
        self,
        func: Func,
        out: Resolved,
        seen: set[str],
        attr: str,
        base_ref: tuple,
        line: int,
        col: int,
    ) -> None:
        """`base.attr` is read in `func`, `attr` the name of a property somewhere."""
        p = self.project
        base = p.value_of(func, base_ref)
        if base is not None and base[0] == "obj":
            getter = p.method(base[1], attr)
            if getter is not None and p.is_property(getter):
                gqn = getter.gqn
                if gqn not in seen:
                    seen.add(gqn)
                    out.edges.append(Edge(gqn, line, col, False))

    def _walk_reads(
        self,
        func: Func,
        out: Resolved,
        seen: set[str],
        properties: frozenset[str],
        ref: tuple,
        line: int,
        col: int,
    ) -> None:
        """`_read_property` for every property-named attribute read inside `ref`: depth
        first, in the order of a stack that pushes an attribute's base, or a call's
        function then its arguments (the node that would be pushed last is visited next
        without going through the stack, and the commonest root, `name.attr`, needs none)."""
        stack: list[tuple] | None = None
        while True:
            tag = ref[0]
            if tag == "attr":
                if ref[2] in properties:
                    self._read_property(func, out, seen, ref[2], ref[1], line, col)
                ref = ref[1]
                continue
            if tag == "call":
                args = ref[2]
                if args:
                    if stack is None:
                        stack = []
                    stack.append(ref[1])
                    stack.extend(args[:-1])
                    ref = args[-1]
                else:
                    ref = ref[1]
                continue
            if tag in _WRAPPERS:
                ref = ref[1]
                continue
            if not stack:
                return
            ref = stack.pop()


def _given_transport(fd: FuncDef, site: CallSite) -> bool:
    """A client handed its transport (`httpx.AsyncClient(transport=ASGITransport(app))`),
    its HTTP client (`AsyncOpenAI(http_client=shared)`, an SDK over a pool the process
    keeps) or its connection pool (`redis.Redis(connection_pool=pool)`) builds no
    connection pool or SSL context of its own — that cost is in what it
    was handed, a client construction of its own when the catalogue lists it. Not `None`,
    nor a parameter that is `None` unless a caller passes one (a test's seam)."""
    unset = {p.name for p in fd.params if p.default == ("const", None)}
    return any(
        name in ("transport", "http_client", "connection_pool")
        and value != ("const", None)
        and not (value[0] == "name" and value[1] in unset)
        for name, value in site.kwargs
    )


# waits that a flag turns into a poll returning at once
_WNOHANG_WAITS = frozenset(("os.waitpid", "os.wait3", "os.wait4"))
# Lock.acquire, Queue.get/put; Executor.shutdown (whose first parameter is `wait`)
_NONBLOCKING_KEYWORDS = frozenset(("blocking", "block", "wait"))
_SHUTDOWN = "concurrent.futures.Executor.shutdown"
# reads of what the object already holds unless asked to refresh it (`refresh=False`, or
# False first): rq's `job.get_status(refresh=False)` sends nothing
_REFRESHED_READS = frozenset(("rq.job.Job.get_status",))
_SQLITE_CONNECT = "sqlite3.connect"
_PIPELINE = "transformers.pipeline"
_POOL_OPEN = "psycopg_pool.ConnectionPool.open"  # see `_waits`
# built with no host, these connect only when `connect(host)` is called (reported there)
_CONNECT_LATER = frozenset({"ftplib.FTP", "ftplib.FTP_TLS", "smtplib.SMTP", "smtplib.SMTP_SSL"})
# psutil's CPU percentages sleep through the interval they are given, to compare the times
# before and after it; with none (or 0) they compare with the previous call and return at once
_INTERVAL_SAMPLES = frozenset(
    ("psutil.cpu_percent", "psutil.cpu_times_percent", "psutil.Process.cpu_percent")
)
# Firebase's token checks verify locally, against cached certificates, unless asked
# `check_revoked=True` (the third parameter): then they fetch the user from Google
_REVOCATION_CHECKS = frozenset(
    ("firebase_admin.auth.verify_id_token", "firebase_admin.auth.verify_session_cookie")
)
_QUEUE_GETS = frozenset(("queue.Queue.get", "queue.BoundedQueue.get", "multiprocessing.Queue.get"))
# calls whose first parameter says whether to wait
_WAIT_FIRST = _QUEUE_GETS | {
    _SHUTDOWN,
    "threading.Lock.acquire",
    "threading.Semaphore.acquire",
    "multiprocessing.Lock.acquire",
}
_SESSION_RUN_SYNC = "sqlalchemy.ext.asyncio.AsyncSession.run_sync"
# `session.merge(obj, load=False)` copies the object's state in, with no SQL at all (it
# neither loads the row nor flushes first)
_SESSION_MERGE = "sqlalchemy.orm.Session.merge"
_FALSE = ("const", False)
_THREADED = frozenset(("thread", "thread-pool", "process"))  # offload contexts: no loop there
_FALSE_FIRST = _WAIT_FIRST | _REFRESHED_READS  # (a first argument False: see `_polls`)


def _run_sync(callee: Value, site: CallSite, offload: dict) -> Value:
    """An awaited `x.run_sync(fn)` on an object typed only as some library's attribute
    (`self.user_db.session.run_sync(lambda s: ...)`, fastapi-users' database adapter holding
    an AsyncSession) is SQLAlchemy's, or anyio's: neither runs `fn` on the loop's own
    time."""
    if callee[1] in offload or not site.awaited:
        return callee
    return ("ext", _SESSION_RUN_SYNC)


def _runs_there(project: Project, target: str, context: str) -> bool:
    """Whether the body of what is handed off runs in that context: a coroutine function a
    thread calls (`asyncio.to_thread(fetch)`, `run_in_threadpool(fetch)` of an `async def`
    fetch) only makes a coroutine there, which nothing awaits."""
    func = project.funcs.get(target)
    return func is None or not func.fd.is_async or context not in _THREADED


def _add_edge(out: Resolved, edge: Edge) -> None:
    """Record a call of the caller; one whose arguments decide a callee's guards false
    marks the caller for the search that carries parameter values."""
    out.edges.append(edge)
    if edge.kills:
        out.kills = True


def _on_error_last(edge: Edge) -> bool:
    return edge.on_error


def _after_empty_check(fd: FuncDef, site: CallSite) -> bool:
    """`if not q.empty(): item = q.get()`: an item is there, `get` returns at once (a second
    consumer taking it first is the program's race, not the common case)."""
    func = site.func
    if func[0] != "attr":
        return False
    asked = ("call", ("attr", func[1], "empty"), (), ())
    index = site.guard
    while index >= 0:
        guard = fd.guards[index]
        if guard.kind == "not" and guard.subject == asked:
            return True
        index = guard.outer
    return False


# `next(gen())`: the generator runs up to its first `yield` only (callgraph.py)
_NEXT = ("ext", "builtins.next")
_HEAD = frozenset({BEFORE_YIELD_ONLY})


def _hands_a_parameter_to_a_loop(project: Project, func: Func) -> bool:
    """Whether `func` passes one of its parameters to `asyncio.run` or the like:
    `def run_coroutine(coro): … return asyncio.run(coro)`."""
    params = {("name", p.name) for p in func.fd.params}
    return any(
        site.args[:1] and site.args[0] in params and _runs_a_loop(project.callee(func, site.func))
        for site in func.fd.calls
    )


def _runs_a_loop(value: Value | None) -> bool:
    """`asyncio.run(...)` / `loop.run_until_complete(...)`: each runs a loop of its own in the
    calling thread (on a thread whose loop is running, it raises instead)."""
    return value is not None and value[0] == "ext" and value[1] in _LOOP_RUNNERS


# what a sync function annotated to return one of these gives is never awaitable
_PLAIN_DATA = frozenset(
    {"list", "dict", "str", "int", "float", "bool", "bytes", "tuple", "set", "List", "Dict"}
    | {"Tuple", "Set"}
)
_UNIONS = frozenset({"Optional", "Union"})
# outside calls that store a callable they are handed, calling nothing: `setattr(request.state,
# "allowed", lambda name: …)` runs the lambda wherever the attribute is later called
_KEEPS_CALLABLE = frozenset({"builtins.setattr", "builtins.object.__setattr__"})


def _gives_plain_data(fd: FuncDef) -> bool:
    """Whether `fd` is a sync function (undecorated: no wrapper makes a coroutine function of
    it) annotated to return plain data (`-> list[str]`, `-> None`): awaiting its result
    raises, so an `await f(...)` of it is the branch of a dispatch that only a coroutine
    function takes (`if asyncio.iscoroutinefunction(f): await f(...) else: await
    run_in_threadpool(f, ...)`)."""
    returns = fd.returns
    if fd.is_async or fd.decorators or returns is None:
        return False
    return _plain_type(returns)


def _plain_type(ref: tuple) -> bool:
    """`None`, a builtin container or scalar (`Dict[str, Any]`), or a union of them only
    (`Optional[str]`, `Union[list, None]`, `str | None`), as annotated, `typing.` or not."""
    if ref == ("const", None):
        return True
    if ref[0] == "binop":
        return ref[1] == "BitOr" and _plain_type(ref[2]) and _plain_type(ref[3])
    head = ref[1] if ref[0] == "sub" else ref
    name = head[1] if head[0] == "name" else head[2] if _typing_attr(head) else ""
    if ref[0] == "sub" and name in _UNIONS:
        return all(_plain_type(member) for member in ref[2])
    return name in _PLAIN_DATA


def _typing_attr(ref: tuple) -> bool:
    return ref[0] == "attr" and ref[1] == ("name", "typing")


def _polls(qn: str, site: CallSite) -> bool:
    """`os.waitpid(-1, os.WNOHANG)`, `lock.acquire(blocking=False)`,
    `q.get(block=False)` or `q.get(False)`, `pool.shutdown(wait=False)`: the call asks not to
    wait, so it does not block."""
    if qn in _FALSE_FIRST and site.args and site.args[0] == ("const", False):
        return True  # `pool.shutdown(False)`, `q.get(False)`, `lock.acquire(False)`
    if qn in _REFRESHED_READS:
        return ("refresh", ("const", False)) in site.kwargs
    if qn in _WNOHANG_WAITS:
        return any(
            ref[0] == "attr" and ref[2] == "WNOHANG"
            for ref in (*site.args, *(v for _, v in site.kwargs))
        )
    return any(
        name in _NONBLOCKING_KEYWORDS and value == ("const", False) for name, value in site.kwargs
    )


def _samples_an_interval(site: CallSite) -> bool:
    """`psutil.cpu_percent(interval=0.5)` (or `cpu_percent(1)`) waits half a second; with the
    interval left out, None, 0 or a value the call site does not show, it is not taken to."""
    interval = site.args[0] if site.args else dict(site.kwargs).get("interval")
    if interval is None or interval[0] != "const":
        return False
    value = interval[1]
    return isinstance(value, int | float) and not isinstance(value, bool) and value > 0


def _checks_revocation(site: CallSite) -> bool:
    """`auth.verify_id_token(token, check_revoked=True)` (or the flag third): it asks
    Google whether the user's tokens were revoked, on every call."""
    given = site.args[2] if len(site.args) > 2 else dict(site.kwargs).get("check_revoked")
    return given == ("const", True)


def _named(site: CallSite, keyword: str) -> bool:
    return any(name == keyword for name, _value in site.kwargs)


def _waits(site: CallSite) -> bool:
    """`pool.open(wait=True)` (or `open(True)`) waits for the pool's first connections; a
    plain `open()` starts the worker threads that make them and returns at once."""
    wait = site.args[0] if site.args else dict(site.kwargs).get("wait")
    return wait is not None and wait != ("const", False)


def _also_used_here(fd: FuncDef, made: tuple) -> bool:
    """Whether a call written as `made` is also iterated or kept in a local in `fd`."""
    return made in fd.iterated or any(made in values for values in fd.locals.values())
