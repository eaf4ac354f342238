from celery import Celery

celery_app = Celery("tour", broker="redis://broker:6379/0")


@celery_app.task
def charge(order_id: int) -> int:
    return order_id


@celery_app.task
def ship(order_id: int) -> int:
    return order_id
