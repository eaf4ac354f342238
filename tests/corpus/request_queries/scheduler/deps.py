from fastapi import Depends, HTTPException
from sqlalchemy import select
from sqlalchemy.orm import Session

from scheduler.db import get_session
from scheduler.models import Job
from scheduler.queues import QUEUE, get_sqs


def job_or_404(job_id: int, session: Session = Depends(get_session)) -> Job:
    stmt = select(Job).where(Job.id == job_id)
    job = session.scalar(stmt)  # expect: UJ005 (a token through the query; no UJ003: the request's own query, through the shared pool)
    if job is None:
        raise HTTPException(404)
    return job


def queue_url(sqs=Depends(get_sqs)) -> str:
    return sqs.get_queue_url(QueueName=QUEUE)["QueueUrl"]  # expect: UJ003 (the same answer every time)
