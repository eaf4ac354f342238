"""Start-up work: the slow rebuild only runs when an operator asks for it."""

import time


def prepare_cache(rebuild: bool = False):
    if rebuild:
        time.sleep(10)  # ok
    return {}


def load_models(preload=None):
    if preload is not None:
        time.sleep(2)  # expect: UJ002
    return []
