import concurrent.futures
import queue
import threading
import urllib.request

results: "queue.Queue[str]" = queue.Queue()
lock = threading.Lock()
ready = threading.Event()
pool = concurrent.futures.ThreadPoolExecutor(max_workers=4)


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=5) as response:  # expect: UJ001
        return response.read()


def acquire_then_release() -> None:
    if lock.acquire(timeout=1):  # expect: UJ001
        lock.release()  # ok


def record(line: str) -> None:
    with lock:  # ok: held for the block only, around nothing slow
        print(line)  # ok


def wait_ready() -> None:
    ready.wait(timeout=1)  # expect: UJ001


def next_result() -> str:
    return results.get()  # expect: UJ001
