"""`APIRouter as auth_router` imports FastAPI's class that `auth/routes.py` imported, not its
`router`: the include serves none of the project's routers (it raises as the module loads)."""

from fastapi import FastAPI

from auth.routes import APIRouter as auth_router

app = FastAPI()
app.include_router(auth_router)
