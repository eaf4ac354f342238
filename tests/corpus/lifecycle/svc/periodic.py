"""Start-up handlers that only start a periodic task (`@repeat_every`): the wrapper the
framework awaits schedules a loop and returns, which runs a sync function through
run_in_threadpool and awaits an async one as a background task does."""

import subprocess
import time

from fastapi_utils.tasks import repeat_every

from svc.legacy import app


@app.on_event("startup")
@repeat_every(seconds=3600, wait_first=False)
def prune_sessions() -> None:
    time.sleep(0.5)  # ok: in the thread pool, after start-up


@app.on_event("startup")
@repeat_every(seconds=60)
async def refresh_rates() -> None:
    time.sleep(0.5)  # expect: UJ001


@app.on_event("startup")
def warm_up() -> None:
    subprocess.run(["sync"], check=False)  # expect: UJ002


from fastapi_utilities import repeat_at  # noqa: E402


@app.on_event("startup")
@repeat_at(cron="0 * * * *")
def sync_repositories() -> None:
    time.sleep(0.5)  # ok: in the thread pool, each hour after start-up
