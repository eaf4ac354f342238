"""Routers handed to a helper that includes them: each call of the helper is an include of the
router it hands over, at the prefix it gives, also a call by another name it is imported as
(`attach`); a router no call hands over (`stray`) is left out of the program."""

from fastapi import FastAPI

from hub import billing, notes
from hub.mounting import mount
from hub.mounting import mount as attach

app = FastAPI()

attach(app, billing.router, "/billing")
mount(app, notes.router, "/notes")
