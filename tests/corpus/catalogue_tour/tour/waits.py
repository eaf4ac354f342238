import queue
import threading
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

jobs: queue.Queue = queue.Queue()
frames = queue.Queue(maxsize=8)
pool = ThreadPoolExecutor()
workers = ProcessPoolExecutor()
done = threading.Event()


async def hand_over(job: dict) -> dict:
    jobs.put(job)  # ok: an unbounded queue (the default) never waits to take an item
    jobs.put_nowait(job)  # ok
    frames.put(job)  # expect: UJ001 (a bounded queue: put waits while it is full)
    frames.join()  # expect: UJ001
    done.wait()  # expect: UJ001
    pool.shutdown(wait=False)  # ok: asks not to wait for the running work
    pool.shutdown(False)  # ok
    pool.shutdown()  # expect: UJ001
    workers.shutdown(wait=True)  # expect: UJ001
    return jobs.get()  # expect: UJ001


async def leftovers(results: queue.Queue) -> list:
    found = []
    if not results.empty():
        found.append(results.get())  # ok: an item is there, get returns at once
    if not jobs.empty():
        found.append(results.get())  # expect: UJ001 (another queue was checked)
    last = results.get() if not results.empty() else None  # ok: an item is there
    found.append(last)
    while not results.empty():
        found.append(results.get())  # ok: drained while items are there
    while found:
        found.append(jobs.get())  # expect: UJ001 (a loop on something else)
    return found


async def tally(ballots: list) -> int:
    from func_timeout import func_timeout

    return func_timeout(2, sum, args=(ballots,))  # expect: UJ001 (joins its thread, up to 2 s)


__all__ = ["hand_over", "leftovers", "tally", "system_stats"]  # (the coroutines this module offers)


import psutil  # noqa: E402

monitored = psutil.Process()


async def system_stats() -> dict:
    return {
        "cpu": psutil.cpu_percent(interval=0.5),  # expect: UJ001 (sleeps half a second)
        "per_cpu": psutil.cpu_percent(1, percpu=True),  # expect: UJ001
        "since_last": psutil.cpu_percent(),  # ok: since the previous call, at once
        "none": psutil.cpu_percent(interval=None),  # ok
        "zero": psutil.cpu_times_percent(0),  # ok
        "times": psutil.cpu_times_percent(interval=0.2),  # expect: UJ001
        "process": monitored.cpu_percent(interval=0.1),  # expect: UJ001
        "process_now": psutil.Process().cpu_percent(),  # ok
    }
