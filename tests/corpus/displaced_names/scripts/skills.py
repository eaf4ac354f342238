"""A script's helper (`cd scripts && python export.py`): no file I/O, no sleep."""


def installed() -> list[str]:
    return ["export"]
