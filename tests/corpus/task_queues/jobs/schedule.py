"""A nightly purge handed to APScheduler's background scheduler at start-up: it runs later,
in the scheduler's thread, on its schedule — nothing blocks the loop while the app starts."""

import time

from apscheduler.schedulers.background import BackgroundScheduler

scheduler = BackgroundScheduler()


def purge_expired() -> int:
    time.sleep(2)  # ok: a scheduler thread's work, not the loop's
    return 0


def start_scheduler() -> None:
    scheduler.add_job(lambda: print(purge_expired()), "cron", hour=0)
    scheduler.add_job(func=purge_expired, trigger="interval", hours=1)
    scheduler.start()
