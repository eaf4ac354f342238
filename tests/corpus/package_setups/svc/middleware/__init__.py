from fastapi import FastAPI

from svc.middleware.timing import TimingMiddleware


def mount_middleware(app: FastAPI) -> None:
    app.add_middleware(TimingMiddleware)
