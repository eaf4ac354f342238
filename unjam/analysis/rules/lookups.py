"""Which of a function's locals hold what a lookup gives: the answer of a call that reads a
store on every call (`conn = self.get_connection(conn_id)` whose method queries the
database, `row = db.get(Account, account_id)`, `user = (await db.execute(stmt)).scalar_one()`,
`agent = await Agent.objects.filter(slug=slug).afirst()` of Django's async ORM).

UJ003 asks it of a client built per request: one configured from such an answer (a stored
connection's URL and key, a user's OAuth token) has no single instance to build at start-up,
as one configured from a dependency's value has none (rules/request_data.py). Only the
call's spine counts (`(await db.execute(…)).scalar_one()`: `db.execute`), not what its
arguments compute, and not a memoised function, whose answer is the process's one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from unjam.analysis.handed_files import dotted

if TYPE_CHECKING:
    from unjam.analysis.callgraph import CallGraph
    from unjam.analysis.project import Func, Project

# awaited calls that read a store: an async SQLAlchemy session's
_ASYNC_STORES = ("sqlalchemy.ext.asyncio.AsyncSession.",)
# a SQLite database's queries (file I/O, but a store all the same: a user's saved token)
_SQLITE = ("sqlite3.Connection.", "sqlite3.Cursor.")
# calls that mint fresh credentials on each call (AWS STS): no two answers alike to key
# clients by, and none of them the request's (the fix is to refresh them before they expire)
_MINTS = frozenset(
    {"assume_role", "assume_role_with_web_identity", "get_session_token", "get_federation_token"}
)
# a Django model's async query methods (`await Agent.objects.filter(...).afirst()`)
_DJANGO_ASYNC_READS = frozenset(
    {"aget", "afirst", "alast", "aexists", "acount", "aaggregate", "ain_bulk", "alatest"}
    | {"aearliest", "aget_or_create", "aupdate_or_create"}
)
_NONE = ("const", None)
_DEPTH = 2  # the calls a function's own store reads may sit below it


class Lookups:
    def __init__(self, project: Project, graph: CallGraph) -> None:
        self.p = project
        self.g = graph
        self._of: dict[str, dict[str, str]] = {}
        self._reads_store: dict[str, bool] = {}

    def of(self, gqn: str) -> dict[str, str]:
        """The function's locals set only from a lookup's answer (or to None first), each
        with the lookup's call as written (`self.get_connection()`)."""
        known = self._of.get(gqn)
        if known is None:
            known = self._of[gqn] = self._find(gqn)
        return known

    def _find(self, gqn: str) -> dict[str, str]:
        func = self.p.funcs.get(gqn)
        if func is None:
            return {}
        out: dict[str, str] = {}
        for name, values in func.fd.locals.items():
            shown = [self._lookup(func, value) for value in values if value != _NONE]
            if shown and all(shown):
                out[name] = shown[0] or ""
        return out

    def _lookup(self, func: Func, value: tuple) -> str | None:
        """The call on the value's spine that reads a store, as written, else None."""
        awaited = False
        while True:
            if value[0] == "await":
                value, awaited = value[1], True
                continue
            if value[0] == "attr" or value[0] == "sub":
                value = value[1]
                continue
            if value[0] != "call":
                return None
            ref = value[1]
            if self._reads_a_store(func, ref, awaited):
                name = dotted(ref)
                return f"{name}()" if name else None
            if ref[0] != "attr":
                return None
            value, awaited = ref[1], False

    def _reads_a_store(self, func: Func, ref: tuple, awaited: bool, depth: int = _DEPTH) -> bool:
        if awaited and _django_async_read(ref, func.fd.locals):
            return True
        callee = self.p.callee(func, ref) if ref[0] == "attr" else self.p.value_of(func, ref)
        if callee is None:
            return False
        cat = self.p.catalogue
        if callee[0] == "ext":
            qn = callee[1]
            if cat.is_client(qn) or qn.rpartition(".")[2] in _MINTS:
                return False
            if awaited:
                return qn.startswith(_ASYNC_STORES)
            entry = cat.blocking(qn)
            return entry is not None and entry.kind == "network"
        if callee[0] in ("func", "meth"):
            return depth > 0 and self._function_reads_a_store(callee[1], depth)
        return False

    def _function_reads_a_store(self, gqn: str, depth: int = _DEPTH) -> bool:
        """A project function, not memoised, that reads a store itself or through a function
        it calls (`get_token()` → `get_setting(conn, key)` → `conn.execute(...)`): a sync
        network call or SQLite query, or an async session's call it awaits. Deeper calls do not count: in a large
        code base nearly every function reaches the network somewhere."""
        known = self._reads_store.get(gqn) if depth == _DEPTH else None
        if known is not None:
            return known
        func = self.p.funcs.get(gqn)
        known = func is not None and not self.p.memoised(func)
        if func is not None and known:
            resolved = self.g.resolved(gqn)
            known = (
                any(
                    (site.entry.kind == "network" or site.qn.startswith(_SQLITE))
                    and site.qn.rpartition(".")[2] not in _MINTS
                    for site in resolved.blocking
                )
                or any(
                    call.awaited and self._reads_a_store(func, call.func, True, depth - 1)
                    for call in func.fd.calls
                )
                or (
                    depth > 1
                    and any(
                        self._function_reads_a_store(edge.callee, depth - 1)
                        for edge in resolved.edges
                        if not edge.guarded and not edge.on_error
                    )
                )
            )
        if depth == _DEPTH:
            self._reads_store[gqn] = known
        return known


def _django_async_read(ref: tuple, local: dict[str, list[tuple]]) -> bool:
    """`Model.objects....afirst`: one of `_DJANGO_ASYNC_READS` on a chain through a model's
    `objects` manager, also through a local holding such a query (`query =
    Conversation.objects.filter(user=user)`, then `await query.afirst()`)."""
    if ref[0] != "attr" or ref[2] not in _DJANGO_ASYNC_READS:
        return False
    return _through_objects(ref[1], local, 2)


def _through_objects(node: tuple, local: dict[str, list[tuple]], names: int) -> bool:
    while node[0] in ("call", "attr"):
        if node[0] == "attr" and node[2] == "objects":
            return True
        node = node[1]
    values = local.get(node[1], ()) if node[0] == "name" and names > 0 else ()
    return bool(values) and all(_through_objects(v, local, names - 1) for v in values)
