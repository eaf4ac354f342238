import time


def work():
    time.sleep(1)  # ok: only the backup has this `work`, and nothing of it calls it
    return 1
