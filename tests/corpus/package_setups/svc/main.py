"""An app set up by functions defined in packages' `__init__.py` files, handed the app as a
parameter (one called through a list of set-up steps, as a builder does): what they register
is registered."""

from fastapi import FastAPI

from svc.middleware import mount_middleware as mount_timing
from svc.routes import register_routes

app = FastAPI()
steps = [mount_timing]
for step in steps:
    step(app)
register_routes(app)
