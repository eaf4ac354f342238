"""Run as `cd rentals && uvicorn main:app`: rentals/ is on `sys.path`, so `deps` and `db`
are rentals/deps.py and rentals/db.py, whatever the stray rentals/__init__.py makes their
names, a star import of them too."""

from fastapi import FastAPI

from routers import bikes

app = FastAPI()  # expect: UJ006
app.include_router(bikes.router)
