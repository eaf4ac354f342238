from fastapi import FastAPI, UploadFile

from jobs.storage import minio_client, password_hash
from jobs.worker import celery_app, cleanup, render
from jobs.schedule import start_scheduler

app = FastAPI()


@app.post("/reports/{report_id}")
async def queue_report(report_id: int) -> dict:
    render.delay(report_id)  # expect: UJ001
    cleanup.apply_async(countdown=60)  # expect: UJ001
    celery_app.send_task("jobs.audit", args=[report_id])  # expect: UJ001
    return {"queued": True}


@app.post("/uploads")
async def upload(file: UploadFile) -> dict:
    minio_client.put_object("uploads", file.filename, file.file, -1, part_size=10485760)  # expect: UJ001
    return {"name": file.filename}


@app.post("/signup")
async def signup(password: str) -> dict:
    return {"hash": password_hash.hash(password)}  # expect: UJ001


@app.get("/render/{report_id}")
async def render_now(report_id: int) -> dict:
    render(report_id)  # ok: called in place, the task's own body (a print) blocks nothing
    return {"name": render.name}  # ok: an attribute, no call


@app.on_event("startup")
def begin_schedule() -> None:
    start_scheduler()
