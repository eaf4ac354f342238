"""Branches only a test run takes: `if os.getenv("PYTEST_CURRENT_TEST"):`, the variable
pytest sets while a test runs and a served app never has. What such a branch does (a sync
engine a repository opens for its tests, `conn.execute(...)`) never runs on a request
(raising_statements.py leaves its calls out, as it does those after an error). A name that
holds such a variable, `if TESTING:`, is suite_switches.py's, on the summaries.
"""

from __future__ import annotations

import ast

from unjam.analysis.summary import FuncDef

PYTEST_VARIABLE = "PYTEST_CURRENT_TEST"
_ENVIRONMENT_READS = frozenset({"getenv", "get"})


def asks_for_pytest(fd: FuncDef) -> bool:
    """Whether the function reads pytest's variable (`os.getenv("PYTEST_CURRENT_TEST")`): a
    cheap sign, from the summary, that it may hold such a branch."""
    return any(
        call.func[0] == "attr"
        and call.func[2] in _ENVIRONMENT_READS
        and call.args[:1] == (("const", PYTEST_VARIABLE),)
        for call in fd.calls
    )


def only_under_pytest(test: ast.expr) -> bool:
    """Whether an `if` test holds only while pytest runs: pytest's variable read (also `is
    not None`, or as one operand of an `and`)."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return any(only_under_pytest(value) for value in test.values)
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        op, right = test.ops[0], test.comparators[0]
        none = isinstance(right, ast.Constant) and right.value is None
        return isinstance(op, ast.IsNot) and none and _reads_the_variable(test.left)
    return _reads_the_variable(test)


def _reads_the_variable(node: ast.expr) -> bool:
    """`os.getenv("PYTEST_CURRENT_TEST")` or `os.environ.get("PYTEST_CURRENT_TEST")`, no
    default given."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in _ENVIRONMENT_READS
        and ast.unparse(node.func.value) in ("os", "os.environ")
        and len(node.args) == 1
        and not node.keywords
        and isinstance(node.args[0], ast.Constant)
        and node.args[0].value == PYTEST_VARIABLE
    )
