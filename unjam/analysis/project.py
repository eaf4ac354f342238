"""The linked project: module names, symbols, and what an expression evaluates to.

Values are small tuples, so they can be memoised and compared cheaply:

    ("mod", module)        a project module          ("func", gqn)  a project function
    ("meth", gqn)          a bound project method    ("class", gqn) a project class
    ("obj", class gqn)     an instance of a project class
    ("ext", qualname)      something outside the project (function, class, module, method)
    ("inst", type qualname) an instance of an outside type ("boto3.Client", "requests.Session")
    ("items", value)       a dict whose items are `value` (`{"a": boto3.client(...)}`,
                           `dict[str, Client]`): `d[k]` and `d.get(k)` give `value`

`gqn` is "<module>.<qualname in module>". Receiver typing is flow-insensitive and
deliberately simple: a name's value is the first assigned value we can type; parameters are
typed by annotation, by their FastAPI dependency, or by the arguments call sites pass. This
is what catches `producer.send_message()` on an injected `Producer`, and what a
bare-method-name linter cannot do.

Why hand-written: no library resolves names across a project from `ast` without importing
it (jedi/pyright are far too slow for 2,000 files in seconds and need the environment).

Speed (this runs for every call site of a large project): inferences are memoised per
function (`Func.memo`), and a few derived answers are cached — a module-level name (per
module), an import target, a method lookup, a stored attribute, and what `base.attr`
evaluates to or names as a callee for a given base value (once for the project: that answer
depends on no function). A cycle or the depth limit
answers None without memoising, so an answer computed across such a cut depends on the order
of inference; `_cut` counts the cuts, and a derived answer is cached only when no cut
happened while computing it — so every cache returns what recomputing would.

The class is a chain of layers, one concept per module (project_index.py says how):
module_names.py (a file's import names), project_index.py (modules, functions, classes,
call sites), resolution.py (imports and names), class_index.py (MRO, methods, stored
attributes), inference.py (expressions) and parameters.py (annotations, `Depends`, hints).
"""

from __future__ import annotations

from unjam.analysis.module_names import module_names
from unjam.analysis.parameters import ParameterInference
from unjam.analysis.project_index import Cls, Func, Module, Value

__all__ = ["Cls", "Func", "Module", "Project", "Value", "module_names"]


class Project(ParameterInference):
    """The linked project: `add_module` each module, then ask what its expressions mean."""
