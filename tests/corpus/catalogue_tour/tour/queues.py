"""dramatiq: an actor's `send()` enqueues the message through the broker's sync client;
kafka-python: a producer connects as it is built, and waiting on a send waits for the
broker."""

import dramatiq
from kafka import KafkaProducer


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


__all__ = ["preview", "publish_run", "sign_up"]
