"""Model modules that declare one table twice: two classes of the same bases, at the top level
of one module, with the same `__tablename__` (a class copied further down, renamed or not):
SQLAlchemy raises InvalidRequestError ("Table '…' is already defined for this MetaData
instance") as the second class is built, so importing the module fails and the app importing
it cannot start (raising_calls.py, unstartable.py). A second class that sets `__table_args__`
(which may say `extend_existing=True`) is given the benefit of the doubt. The module's text is
read (the summaries keep one class of a name), only where the summary shows a table, and
parsed only where the text may name one table twice.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from unjam.analysis.broken_models import is_model
from unjam.analysis.project import Module, Project
from unjam.analysis.top_level_imports import Trees


def tables_declared_twice(project: Project, trees: Trees) -> Iterator[tuple[Module, int, str]]:
    """(module, line of the second class, reason) of each table a module declares twice."""
    modules = {
        id(cls.mod): cls.mod
        for cls in project.classes.values()
        if "__tablename__" in cls.cd.attrs and is_model(project, cls)
    }
    for mod in modules.values():
        text = trees.text(mod)
        tree = trees.of(mod) if text is not None and _may_repeat_a_table(text) else None
        seen: dict[tuple[str, str], ast.ClassDef] = {}
        classes = [n for n in tree.body if isinstance(n, ast.ClassDef)] if tree is not None else []
        for node in classes:
            table = _constant_table(node)
            if table is None:
                continue
            first = seen.setdefault((table, ast.dump(ast.Tuple(node.bases, ast.Load()))), node)
            if first is not node and not _sets(node, "__table_args__"):
                yield mod, node.lineno, _reason(mod, first, node, table)


# `__tablename__ = "users"` alone on its line (an annotation, a trailing comment allowed)
_PLAIN_TABLE = re.compile(
    r"""__tablename__\s*(?::[^=\n]*)?=\s*(['"])([^'"\\\n]*)\1\s*(?:#[^\n]*)?$""", re.M
)


def _may_repeat_a_table(text: str) -> bool:
    """Whether the text may declare one table twice, before it is parsed: two mentions of
    `__tablename__`, and two plain ones of the same name or one written some other way."""
    count = text.count("__tablename__")
    if count < 2:
        return False
    names = [m.group(2) for m in _PLAIN_TABLE.finditer(text)]
    return len(names) < count or len(set(names)) < len(names)


def _constant_table(node: ast.ClassDef) -> str | None:
    for stmt in node.body:
        value = _assigned(stmt, "__tablename__")
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            return value.value
    return None


def _sets(node: ast.ClassDef, name: str) -> bool:
    return any(_assigned(stmt, name) is not None for stmt in node.body)


def _assigned(stmt: ast.stmt, name: str) -> ast.expr | None:
    if isinstance(stmt, ast.Assign) and any(
        isinstance(t, ast.Name) and t.id == name for t in stmt.targets
    ):
        return stmt.value
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
        return stmt.value if stmt.target.id == name else None
    return None


def _reason(mod: Module, first: ast.ClassDef, second: ast.ClassDef, table: str) -> str:
    return (
        f"{mod.path} declares the table `{table}` twice, by `{first.name}` (line "
        f"{first.lineno}) and `{second.name}` (line {second.lineno}) of the same base: "
        "SQLAlchemy raises InvalidRequestError as the second class is built, so importing "
        f"{mod.path} fails"
    )
