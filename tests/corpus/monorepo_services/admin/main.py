"""The admin service (`cd admin && uvicorn main:app`), whose folder also holds an
`__init__.py`: its loader, plugins.py, sits beside a plugins/ package of the same name."""

from fastapi import FastAPI

from plugins import load

app = FastAPI()


@app.get("/admin/{target}")
async def admin(target: str):
    return load(f"handlers.{target}")()
