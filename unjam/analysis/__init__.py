"""See the module docstrings in this package.

Importing the package first guards the compiled modules (see `compiled`): a compiled module
built from an older source is never used.
"""

from unjam.analysis.compiled import install as _guard_compiled_modules

_guard_compiled_modules()
