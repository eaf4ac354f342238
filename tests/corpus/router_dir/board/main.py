"""Routers mounted by module names read from a directory: no string of the program names
them, so every router module may be imported, and all their routes are served."""

import importlib
import os

from fastapi import FastAPI

app = FastAPI()

for file in sorted(os.listdir(os.path.join(os.path.dirname(__file__), "routes"))):
    if file.endswith(".py") and not file.startswith("_"):
        name = "board.routes." + file[:-3]
        module = importlib.import_module(name)
        app.include_router(module.router)
