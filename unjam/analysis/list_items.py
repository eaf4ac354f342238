"""The items a list expression holds, as far as the code shows them: what a Tornado
application's rules are (tornado_apps.py), what a loop over routers includes
(fastapi_apps.py), the dependencies a router is given and under what test
(fastapi_routes.py)."""

from __future__ import annotations

from unjam.analysis.project import Func

# where an item of a list is added only under a test, as `conditional_items` gives it:
# ("test", ref, negated) for a branch of `a if test else b`; ("at", module, line, col) for an
# `append`/`extend` call, whose enclosing `if` (if any) only the module's text shows; () for
# an item every run adds
Condition = tuple


def list_items(caller: Func, ref: tuple) -> list[tuple]:
    """The items of the lists that make up `ref`, read in `caller`."""
    return [item for item, _condition in _items(caller, ref, set(), ())]


def conditional_items(caller: Func, ref: tuple) -> list[tuple[tuple, Condition]]:
    """The items of `ref` as `list_items` reads them, each with the condition it is added
    under (the outermost one seen): `dependencies=[Depends(a)] if auth else []`."""
    return _items(caller, ref, set(), ())


def _items(caller: Func, ref: tuple, seen: set[str], cond: Condition) -> list[tuple]:
    """The items of the lists that make up `ref`: a list display (`*base` spread in it), a
    sum of lists (`routes_base + [...]`), either branch of `a if c else b`, and a local's
    every binding, with what `append`/`extend` add to it (`routes = routes_status if
    status_only else routes_full`; `routes.append((r"/metrics", MetricsHandler))`)."""
    tag = ref[0]
    if tag == "list":
        items: list[tuple] = []
        for item in ref[1]:
            if item[0] == "star":
                items.extend(_items(caller, item[1], seen, cond))
            else:
                items.append((item, cond))
        return items
    if tag == "binop" and ref[1] == "Add":
        return _items(caller, ref[2], seen, cond) + _items(caller, ref[3], seen, cond)
    if tag == "ifexp":
        body = cond or ("test", ref[3], False)
        orelse = cond or ("test", ref[3], True)
        return _items(caller, ref[1], seen, body) + _items(caller, ref[2], seen, orelse)
    if tag != "name" or ref[1] in seen:
        return []
    name = ref[1]
    seen.add(name)
    items = []
    for bound in _bindings(caller, name):
        items.extend(_items(caller, bound, seen, cond))
    for site in caller.fd.calls:
        if site.func[:2] == ("attr", ref) and site.args:
            added = cond or ("at", caller.mod.name, site.line, site.col)
            if site.func[2] == "append":
                items.append((site.args[0], added))
            elif site.func[2] == "extend":
                items.extend(_items(caller, site.args[0], seen, added))
    return items


def _bindings(caller: Func, name: str) -> list[tuple]:
    """What `name` is bound to in `caller` (at module level, by the module body)."""
    if caller.fd.qn != "<module>":
        return list(caller.fd.locals.get(name, ()))
    values = caller.mod.summary.global_values.get(name, ())
    return [value for scope, value in values if scope == "<module>"]
