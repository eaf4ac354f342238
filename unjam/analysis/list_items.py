"""The items a list expression holds, as far as the code shows them: what a Tornado
application's rules are (tornado_apps.py), what a loop over routers includes
(fastapi_apps.py)."""

from __future__ import annotations

from unjam.analysis.project import Func


def list_items(caller: Func, ref: tuple) -> list[tuple]:
    """The items of the lists that make up `ref`, read in `caller`."""
    return _items(caller, ref, set())


def _items(caller: Func, ref: tuple, seen: set[str]) -> list[tuple]:
    """The items of the lists that make up `ref`: a list display (`*base` spread in it), a
    sum of lists (`routes_base + [...]`), either branch of `a if c else b`, and a local's
    every binding, with what `append`/`extend` add to it (`routes = routes_status if
    status_only else routes_full`; `routes.append((r"/metrics", MetricsHandler))`)."""
    tag = ref[0]
    if tag == "list":
        items: list[tuple] = []
        for item in ref[1]:
            if item[0] == "star":
                items.extend(_items(caller, item[1], seen))
            else:
                items.append(item)
        return items
    if tag == "binop" and ref[1] == "Add":
        return _items(caller, ref[2], seen) + _items(caller, ref[3], seen)
    if tag == "ifexp":
        return _items(caller, ref[1], seen) + _items(caller, ref[2], seen)
    if tag != "name" or ref[1] in seen:
        return []
    name = ref[1]
    seen.add(name)
    items = []
    for bound in _bindings(caller, name):
        items.extend(_items(caller, bound, seen))
    for site in caller.fd.calls:
        if site.func[:2] == ("attr", ref) and site.args:
            if site.func[2] == "append":
                items.append(site.args[0])
            elif site.func[2] == "extend":
                items.extend(_items(caller, site.args[0], seen))
    return items


def _bindings(caller: Func, name: str) -> list[tuple]:
    """What `name` is bound to in `caller` (at module level, by the module body)."""
    if caller.fd.qn != "<module>":
        return list(caller.fd.locals.get(name, ()))
    values = caller.mod.summary.global_values.get(name, ())
    return [value for scope, value in values if scope == "<module>"]
