import requests
from fastapi import APIRouter, Depends
from sqlalchemy.orm import Session

from scheduler.db import get_reader, get_session, get_writer
from scheduler.locks import job_lock
from scheduler.logs import get_logger
from scheduler.deps import (
    audit_trail,
    default_owner,
    job_by_name,
    job_or_404,
    latest_job,
    owner_jobs,
    owner_of,
    queue_url,
)
from scheduler.models import Job
from scheduler.refresher import schedule_refresh
from scheduler.reports import archive
from scheduler.settings import columns, job_schema, template_for

router = APIRouter(prefix="/jobs")


@router.get("/{job_id:int}")  # expect: UJ005 (three trips: job_or_404, get_session, read_job)
def read_job(job: Job = Depends(job_or_404)):
    return {"id": job.id, "name": job.name}


@router.post("/{job_id}/archive")
def archive_job(job_id: int, session: Session = Depends(get_session)):
    archive(job_id)
    requests.post("https://audit.internal/events", json={"job": job_id}, timeout=5)  # expect: UJ005
    return {"ok": True}


@router.post("/{job_id}/enqueue")  # expect: UJ005 (three trips)
def enqueue(job_id: int, url: str = Depends(queue_url)):
    return {"queue": url}


@router.delete("/{job_id}")
async def delete_job(job: Job = Depends(job_or_404), session: Session = Depends(get_session)):
    session.delete(job)  # ok: no model declares a relationship, so delete() only marks the row
    session.commit()  # expect: UJ001
    return {"deleted": job.id}


@router.get("/bind")
async def which_database(session: Session = Depends(get_session)):
    return {"dialect": session.get_bind().dialect.name}  # ok: get_bind does no I/O


@router.post("/refresh")
async def refresh():
    schedule_refresh()
    return {"scheduled": True}


@router.get("/settings")
async def show_settings():
    from scheduler.settings import get_feature_flags, get_limits, get_settings

    return {"settings": get_settings(), "flags": get_feature_flags(), "limits": get_limits()}


@router.post("/{job_id}/run")
async def run_job(job_id: int):
    with job_lock(f"job-{job_id}"):
        return {"started": job_id}


@router.post("/{job_id}/touch")
async def touch_job(job_id: int, session: Session = Depends(get_writer)):
    return {"touched": job_id}


@router.post("/{job_id}/spool")
async def spool_job(job_id: int):
    from scheduler.locks import spool_lock

    with spool_lock(f"job-{job_id}"):
        return {"spooled": job_id}


@router.get("/schema")
async def schema():
    return job_schema()


@router.get("/templates/{kind}")
async def template(kind: str):
    return {"text": template_for(kind)}


@router.get("/columns")
async def job_columns():
    get_logger("jobs").info("columns read")
    return columns()


@router.post("/{job_id}/hold")
async def hold_job(job_id: int):
    from scheduler.locks import spools

    with spools.held(f"job-{job_id}"):
        return {"held": job_id}


@router.get("/{job_id}/owner")
async def job_owner(owner: dict = Depends(owner_of), fallback: dict = Depends(default_owner)):
    return owner or fallback


@router.get("/{job_id}/audit")
async def job_audit(trail: dict = Depends(audit_trail)):
    return trail


@router.get("/by-name/{name}")
async def find_job(job: Job | None = Depends(job_by_name)):
    return job


@router.get("/owned")
async def owned(count: int = Depends(owner_jobs)):
    return {"count": count}


@router.get("/latest")
async def latest(job: Job | None = Depends(latest_job)):
    return {"id": job.id if job else None}


@router.get("/{job_id}/peek")
async def peek_job(job_id: int, session: Session = Depends(get_reader)):
    return {"peeked": job_id}
