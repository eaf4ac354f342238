"""`from .core import app` names the app `core/__init__.py` re-exports, though a module
`core/app.py` has the same name: the include below is into that app, so the order of the
routes it serves is known."""

from .core import app
from .shelves import router

app.include_router(router, prefix="/shelves")
