"""The kiosk's app imports only what exists — a submodule, a namespace folder's module,
names bound by unpacking, a loop or `globals()`, a module `__getattr__`, a settings file
its .gitignore keeps local (also one a package of it is to hold: `parts/vault.py`), a
package its requirements name (`views`), the installed alembic's modules beside a
migrations folder whose `script.py.mako` is a template, not a module — or guards what may
not (`try:`, `if TYPE_CHECKING:`). It starts, and serves its routes."""

import time
from typing import TYPE_CHECKING

from alembic import op
from alembic.config import Config
from alembic.script import ScriptDirectory
from fastapi import FastAPI

from kiosk.config import DEBUG, RETRIES, TIMEOUT
from kiosk.lazy import anything
from kiosk.local_settings import SECRET
from kiosk.parts import vault, widgets
from kiosk.spaces import tools
from views.pages import home

if TYPE_CHECKING:
    from kiosk.models import Receipt

try:
    from kiosk.extras import printer
except ImportError:
    printer = None

app = FastAPI(debug=DEBUG)


@app.get("/status")
async def status() -> dict:
    time.sleep(0.1)  # expect: UJ001
    receipt: Receipt | None = None
    return {"parts": [vault, widgets.BUTTON, tools.HAMMER, anything, op, SECRET, home, RETRIES, TIMEOUT, receipt]}
