"""A module named like the library it imports (`app/tasks/celery.py` writing `from celery
import Celery`), in folders without `__init__.py`: served as `uvicorn app.main:app`, it is
`app.tasks.celery`, and `celery` is the library's name, so the task's `delay()` — a publish
to the broker — is known."""

from fastapi import FastAPI

from app.tasks.jobs import send_welcome

app = FastAPI()


@app.post("/signup")
async def signup(email: str):
    send_welcome.delay(email)  # expect: UJ001
    return {"queued": True}
