"""Routes copied into the app by hand, without an include: the router they come from is
served although no `include_router` names it."""

from fastapi import FastAPI

from desk import extra

app = FastAPI()
app.router.routes.extend(extra.router.routes)
