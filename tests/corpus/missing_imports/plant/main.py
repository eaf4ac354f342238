# expect: unparsed (`parts/` beside it holds gears.py, not belts.py)
"""A script beside a `parts/` folder with no `__init__.py`: `gears` is there, `belts` is not."""

import time

from fastapi import FastAPI

from parts import belts, gears

app = FastAPI()


@app.get("/line")
async def line() -> dict:
    time.sleep(1)  # ok: the app cannot start
    return {"gears": gears.TEETH, "belts": belts}
