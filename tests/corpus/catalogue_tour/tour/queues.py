"""dramatiq: an actor's `send()` enqueues the message through the broker's sync client."""

import dramatiq


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


__all__ = ["preview", "sign_up"]
