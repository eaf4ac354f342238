import time


def load_stock() -> None:
    time.sleep(0.5)  # expect: UJ002
