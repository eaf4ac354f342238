"""A script run from its own folder (`python main.py`): `apis/` beside it has no
`__init__.py`, so `from apis import plots` finds `apis/plots.py` as a namespace package's."""

from fastapi import FastAPI

from apis import plots

app = FastAPI()
app.include_router(plots.route)
