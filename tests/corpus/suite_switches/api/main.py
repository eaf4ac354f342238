import os

from fastapi import BackgroundTasks, FastAPI

from api.storage import remove, upload

app = FastAPI()


def build_report(name: str) -> None:
    with open(f"/srv/reports/{name}.csv", "w") as fh:
        fh.write(name)


@app.post("/files/{key}")
async def put_file(key: str) -> dict:
    return {"key": upload(f"/srv/incoming/{key}", key)}


@app.delete("/files/{key}")
async def delete_file(key: str) -> dict:
    remove(f"/srv/incoming/{key}")
    return {"deleted": key}


@app.post("/reports/{name}")
async def report(name: str, tasks: BackgroundTasks) -> dict:
    TESTING = os.environ.get("TESTING")
    if TESTING:
        build_report(name)
    else:
        tasks.add_task(build_report, name)
    return {"queued": name}
