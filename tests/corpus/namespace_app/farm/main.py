"""A script run from its own folder (`python main.py`): `apis/` beside it has no
`__init__.py`, so `from apis import plots` finds `apis/plots.py` as a namespace package's,
and `from apis.stock import load_stock` the function in `apis/stock.py`."""

from fastapi import FastAPI

from apis import plots
from apis.stock import load_stock

app = FastAPI()
app.include_router(plots.route)


@app.on_event("startup")
async def boot() -> None:
    load_stock()
