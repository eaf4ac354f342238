import subprocess
import time
from collections.abc import Iterator

import requests


def render_pdf(order_id: int) -> bytes:
    return subprocess.run(["wkhtmltopdf", str(order_id)], capture_output=True).stdout  # ok: only offloaded


def fetch_rates(currency: str) -> dict:
    return requests.get(f"https://rates.internal/{currency}").json()  # ok: only offloaded


def resize(path: str, width: int) -> None:
    subprocess.check_call(["convert", path, "-resize", str(width), path])  # ok: only offloaded


def slow_report() -> str:
    time.sleep(2)  # ok: only offloaded
    return "done"


def lines(path: str) -> Iterator[bytes]:
    with open(path, "rb") as fh:  # ok: iterated in the thread pool
        yield from fh


def csv_rows(path: str) -> Iterator[str]:
    with open(path) as fh:  # ok: sync iterator of a StreamingResponse
        for row in fh:
            yield row


def send_receipt(email: str) -> None:
    requests.post("https://mail.internal/send", json={"to": email})  # ok: sync background task


def checksum(path: str) -> str:
    return subprocess.check_output(["sha256sum", path]).decode()  # expect: UJ001
