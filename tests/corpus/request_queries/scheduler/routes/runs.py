from fastapi import APIRouter

from scheduler.models import Run
from scheduler.store import store

router = APIRouter(prefix="/runs")


@router.post("/{job_id}")
async def start_run(job_id: int):
    run = store.get(Run, job_id=job_id)
    if run is None:  # a row the database holds per job, not a value this process keeps
        run = store.add(Run(job_id=job_id))
    return {"run": run.id}
