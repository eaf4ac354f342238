"""The names a module hands on as values (`ModuleSummary.value_names`), for the question "is
this function ever used other than by calling it?" (callgraph_constants.py): `Depends(f)`, a
callback, an alias, a route, `{"sync": f}` — then anything may call it with anything.

Every name and every attribute's name read anywhere in the module (annotations, defaults,
decorators and comprehensions included) except where the value is only read, not passed on:
the callee of a call (`f(...)`, `obj.f(...)`), the base of an attribute or a subscript
(`f.cache_clear`, `f[0]`), an operand (`f + 1`, `not f`, `f is None`). A syntactic fact, kept
whole (no truncation as in refs), so that no caller can hide; native/src/names.rs is its
mirror on ruff's AST, giving the same sorted list."""

from __future__ import annotations

import ast

# per node type: the fields whose Name/Attribute child is read there, not handed on
_READ_FIELDS: dict[type, tuple[str, ...]] = {
    ast.Call: ("func",),
    ast.Attribute: ("value",),
    ast.Subscript: ("value",),
    ast.BinOp: ("left", "right"),
    ast.UnaryOp: ("operand",),
    ast.Compare: ("left", "comparators"),
}


def value_names(tree: ast.Module) -> list[str]:
    names: set[str] = set()
    read: set[int] = set()  # ids of Name/Attribute nodes in a read-only position
    for node in ast.walk(tree):  # parents before children: `read` is filled in time
        t = type(node)
        if t is ast.Name:
            if type(node.ctx) is ast.Load and id(node) not in read:
                names.add(node.id)
            continue
        if t is ast.Attribute and type(node.ctx) is ast.Load and id(node) not in read:
            names.add(node.attr)
        for field in _READ_FIELDS.get(t, ()):
            child = getattr(node, field)
            for item in child if type(child) is list else (child,):
                if type(item) is ast.Name or type(item) is ast.Attribute:
                    read.add(id(item))
    return sorted(names)
