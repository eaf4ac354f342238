import time


def installed() -> list[str]:
    time.sleep(0.2)  # expect: UJ001
    return []
