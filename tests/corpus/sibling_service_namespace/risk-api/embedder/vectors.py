import time


def embed(text: str) -> list[float]:
    time.sleep(0.05)  # expect: UJ001
    return [float(len(text))]
