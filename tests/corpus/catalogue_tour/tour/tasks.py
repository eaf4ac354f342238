from celery import Celery

celery_app = Celery("tour", broker="redis://broker:6379/0")


@celery_app.task
def charge(order_id: int) -> int:
    return order_id


@celery_app.task
def ship(order_id: int) -> int:
    return order_id


async def workers_busy() -> int:
    inspector = celery_app.control.inspect()  # ok: builds the request only
    active = inspector.active()  # expect: UJ001
    return sum(len(tasks) for tasks in (active or {}).values())


async def charge_status(task_id: str) -> str:
    from celery.result import AsyncResult

    result = AsyncResult(task_id, app=celery_app)  # ok: a handle, nothing read yet
    if result.ready():  # expect: UJ001
        return "done"
    return "pending"


async def ping_workers() -> dict:
    probe = Celery(broker="redis://broker:6379/0")  # ok: a coroutine offered, not a request
    return probe.control.inspect().ping()  # expect: UJ001


__all__ = ["charge", "charge_status", "ping_workers", "ship", "workers_busy"]
