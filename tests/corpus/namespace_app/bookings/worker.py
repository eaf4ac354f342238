from .api.store import load_all


def start_worker() -> None:
    load_all()
