"""The task app, configured once at import, and a plugin registry its own method fills."""


class TaskApp:
    def __init__(self, conf: dict) -> None:
        self.conf = conf


class Registry:
    def __init__(self) -> None:
        self.loaded = False
        self.names: list[str] = []

    def load(self, names: list[str]) -> None:
        self.names = names
        self.loaded = True


queue_app = TaskApp({"always_eager": False})
registry = Registry()


class Models:
    def __init__(self) -> None:
        self.loaded: dict = {}


models = Models()


def remember_model(name: str, weights: bytes) -> None:
    models.loaded[name] = weights
