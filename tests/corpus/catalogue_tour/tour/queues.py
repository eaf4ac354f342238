"""dramatiq: an actor's `send()` enqueues the message through the broker's sync client;
kafka-python: a producer connects as it is built, and waiting on a send waits for the
broker; rq: a `@job` function's `.delay()` enqueues it, and a job fetched or asked its
status reads Redis (not with `refresh=False`); a Redis broker's `client` is redis-py's."""

import dramatiq
from dramatiq.brokers.redis import RedisBroker
from kafka import KafkaProducer
from redis import Redis
from rq.decorators import job as rq_job
from rq.job import Job


@dramatiq.actor
def welcome(email: str) -> None:
    print(email)


@dramatiq.actor(queue_name="reports", max_retries=3)
def build_report(report_id: int) -> None:
    print(report_id)


async def sign_up(email: str) -> dict:
    welcome.send(email)  # expect: UJ001
    build_report.send_with_options(args=(1,), delay=1000)  # expect: UJ001
    return {"queued": email}


async def preview(email: str) -> None:
    welcome.fn(email)  # ok: runs the function itself, no message


async def publish_run(run: dict) -> None:
    producer = KafkaProducer(bootstrap_servers="kafka:9092")  # expect: UJ001
    future = producer.send("runs", value=run)  # ok: buffered
    future.get(timeout=10)  # expect: UJ001
    producer.flush()  # expect: UJ001


@rq_job("default", connection=Redis())
def reindex(dataset_id: int) -> None:
    print(dataset_id)


async def queue_reindex(dataset_id: int) -> dict:
    queued = reindex.delay(dataset_id)  # expect: UJ001
    return {"id": queued.id, "status": queued.get_status()}  # expect: UJ001


async def job_status(job_id: str) -> dict:
    found = Job.fetch(job_id, connection=Redis())  # expect: UJ001
    return {"status": found.get_status(refresh=False)}  # ok: what the job read holds


broker = RedisBroker(url="redis://redis:6379/0")


async def broker_health() -> bool:
    return bool(broker.client.ping())  # expect: UJ001


__all__ = ["broker_health", "job_status", "preview", "publish_run", "queue_reindex", "sign_up"]
