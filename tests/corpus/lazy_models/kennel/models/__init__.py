"""Models loaded lazily through the module's `__getattr__` (PEP 562): `models.Dog` is found
only when asked for."""

import importlib

from kennel.models.base import Base

__all__ = ["Base"]


def __getattr__(name: str):
    registry = importlib.import_module("kennel.models.registry")
    return getattr(registry, name)
