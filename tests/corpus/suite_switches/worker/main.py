import os

from fastapi import FastAPI

app = FastAPI()
TESTING = os.getenv("TESTING")


@app.post("/jobs/{job_id}")
async def run_job(job_id: str) -> dict:
    if TESTING:
        with open(f"/srv/jobs/{job_id}.log", "a") as log:  # expect: UJ001
            log.write("dry run")
    return {"job": job_id}
