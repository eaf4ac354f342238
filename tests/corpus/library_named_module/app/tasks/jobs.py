from app.tasks.celery import celery


@celery.task
def send_welcome(email: str) -> None:
    print("welcome", email)
