"""The models package only compares itself with `__main__`: it neither extends its
`__path__` nor puts another module in its place, so its modules are the ones on disk."""

import sys

RUN_AS_SCRIPT = sys.modules[__name__] == sys.modules.get("__main__")
