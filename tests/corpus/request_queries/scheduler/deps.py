from fastapi import Depends, Header, HTTPException
from pymongo import MongoClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from scheduler.db import get_session
from scheduler.models import Job
from scheduler.mongo import audit
from scheduler.queues import QUEUE, get_sqs

owners = MongoClient("mongodb://mongo:27017")["scheduler"]["owners"]


def job_or_404(job_id: int, session: Session = Depends(get_session)) -> Job:
    stmt = select(Job).where(Job.id == job_id)
    job = session.scalar(stmt)  # expect: UJ005 (a token through the query; no UJ003: the request's own query, through the shared pool)
    if job is None:
        raise HTTPException(404)
    return job


def queue_url(sqs=Depends(get_sqs)) -> str:
    return sqs.get_queue_url(QueueName=QUEUE)["QueueUrl"]  # expect: UJ003 (the same answer every time)


def owner_of(x_owner: str = Header()) -> dict:
    # (a token through the query; no UJ003: the request's own query, through the client the
    # module builds once)
    return owners.find_one({"name": x_owner})  # expect: UJ005


def default_owner() -> dict:
    return owners.find_one({"name": "default"})  # expect: UJ003 (the same answer every time)


def audit_trail(x_owner: str = Header()) -> dict:
    return audit.find_one({"owner": x_owner})  # expect: UJ005 (a collection imported by name)


class JobRepository:
    """Built per request around the session a dependency injects: its queries are the
    request's own, through that session (no UJ003)."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def by_name(self, name: str) -> Job | None:
        return self.session.scalar(select(Job).where(Job.name == name))  # expect: UJ005


def job_by_name(name: str, session: Session = Depends(get_session)) -> Job | None:
    return JobRepository(session).by_name(name)


class OwnerRepository:
    """Opens its own session (`next(get_session())`), one per repository built per request:
    its queries are this request's, as a function's through a session it opens (no UJ003;
    a session is no client to share)."""

    def __init__(self) -> None:
        self._session = next(get_session())

    def job_count(self, owner: str) -> int:
        return self._session.query(Job).filter(Job.owner == owner).count()  # expect: UJ005


def owner_jobs(x_owner: str = Header()) -> int:
    return OwnerRepository().job_count(x_owner)


class OwnerStats:
    """Handed a session, or opening its own when none is given: either is this request's."""

    def __init__(self, session: Session | None = None) -> None:
        self._session = session if session is not None else next(get_session())

    def latest(self, owner: str) -> Job | None:
        return self._session.query(Job).filter(Job.owner == owner).first()  # expect: UJ005


def latest_job(x_owner: str = Header()) -> Job | None:
    return OwnerStats().latest(x_owner)
