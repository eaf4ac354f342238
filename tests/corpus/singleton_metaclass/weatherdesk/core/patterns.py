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


class CheckedSingleton(type):
    """Reads the kept instance first, then builds it under a per-class lock, checking again:
    the instance a local holds, never a new one once kept."""

    _instances: dict = {}
    _locks: dict = {}

    def __call__(cls, *args, **kwargs):
        instance = cls._instances.get(cls)
        if instance is not None:
            return instance
        lock = cls._locks.setdefault(cls, threading.RLock())
        with lock:
            instance = cls._instances.get(cls)
            if instance is None:
                instance = super().__call__(*args, **kwargs)
                cls._instances[cls] = instance
        return instance


class Tracked(type):
    """Checks a local, but the local is a new instance every time: built on every call."""

    made: list = []

    def __call__(cls, *args, **kwargs):
        instance = super().__call__(*args, **kwargs)
        if instance is not None:
            cls.made.append(instance)
        return instance
