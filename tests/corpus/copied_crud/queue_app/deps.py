import time


def current_room():
    time.sleep(0.2)  # ok: replaced below before any request runs
    return "main"


def current_room():  # noqa: F811
    return "main"
