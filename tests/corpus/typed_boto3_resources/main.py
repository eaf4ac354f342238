import boto3
from fastapi import Depends, FastAPI

from store import Jobs

app = FastAPI()  # expect: UJ006
dynamodb = boto3.resource("dynamodb")


def get_jobs() -> Jobs:
    return Jobs(dynamodb.Table("jobs"))


@app.post("/jobs")
async def add_job(job: dict, jobs: Jobs = Depends(get_jobs)) -> dict:
    jobs.add(job)
    return {"table": jobs.name()}


@app.get("/jobs")
def list_jobs(status: str, jobs: Jobs = Depends(get_jobs)) -> list:
    return jobs.by_status(status)

