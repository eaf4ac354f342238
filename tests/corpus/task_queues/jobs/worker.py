from celery import Celery, shared_task

celery_app = Celery("jobs", broker="redis://redis:6379/0")


@celery_app.task(name="jobs.render")
def render(report_id: int) -> None:
    print(report_id)


@shared_task
def cleanup() -> None:
    print("clean")
