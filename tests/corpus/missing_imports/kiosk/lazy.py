"""A module `__getattr__` (PEP 562): any name may be imported from it."""


def __getattr__(name: str) -> str:
    return name.upper()
