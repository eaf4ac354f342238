"""An app without a lifespan: its start-up and shutdown event handlers run (main.py's app
has a lifespan, which replaces them: the handlers registered there never run)."""

import time

from fastapi import FastAPI

from svc.state import on_start

app = FastAPI(on_startup=[on_start])


@app.on_event("shutdown")
def flush() -> None:
    time.sleep(1)  # expect: UJ002
