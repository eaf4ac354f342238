"""Run from its folder (`cd app && uvicorn main:app`): `routes` is app/routes/, whose
`__init__.py` imports a subpackage nobody committed, so the app cannot start."""

from fastapi import FastAPI

from routes import router

app = FastAPI()
app.include_router(router)
