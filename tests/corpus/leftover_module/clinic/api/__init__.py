from .visits import *  # noqa: F403 (the package `visits/`, not the file `visits.py`)
