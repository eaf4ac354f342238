import threading


class SingletonMeta(type):
    """Keeps one instance per class: `__init__` runs on the first call only."""

    _instances: dict = {}
    _lock = threading.Lock()

    def __call__(cls, *args, **kwargs):
        with cls._lock:
            if cls not in cls._instances:
                cls._instances[cls] = super().__call__(*args, **kwargs)
        return cls._instances[cls]


class OneSlot(type):
    def __call__(self, *args, **kwargs):
        if self._only is None:
            self._only = super().__call__(*args, **kwargs)
        return self._only


class Registered(type):
    """Records every instance, and builds a new one on every call."""

    seen: list = []

    def __call__(cls, *args, **kwargs):
        made = super().__call__(*args, **kwargs)
        cls.seen.append(made)
        return made
