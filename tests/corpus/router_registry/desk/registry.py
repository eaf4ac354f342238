"""The routers the desk mounts, imported by module name: a generator yields each listed
module's routers, and a helper returns one module's."""

import importlib
import logging

log = logging.getLogger(__name__)

SPECS = [
    {"module": "desk.routes.tickets", "attrs": ("router",)},
]


def iter_routers():
    for spec in SPECS:
        try:
            module = importlib.import_module(spec["module"])
        except ImportError:
            log.warning("skipping %s", spec["module"])
            continue
        for attr in spec["attrs"]:
            yield spec["module"], getattr(module, attr)


def try_router(path: str):
    try:
        module = __import__(path, fromlist=["router"])
        return getattr(module, "router")
    except ImportError:
        return None
