"""Provider tables read from disk: a loader memoised once per process that a per-key cache
calls (once per process, not per key), and a per-state loader whose set marks what is
loaded while a dict keeps it (once per state)."""

import json

from fastapi import APIRouter

providers = APIRouter(prefix="/providers")
_directory = None
_by_region: dict = {}
_loaded_states: set = set()
_index: dict = {}


def _load_directory() -> dict:
    global _directory
    if _directory is None:
        with open("directory.json") as fh:  # expect: UJ001
            _directory = json.load(fh)
    return _directory


def region(name: str) -> list:
    hit = _by_region.get(name)
    if hit is not None:
        return hit
    _by_region[name] = _load_directory().get(name, [])
    return _by_region[name]


def state_table(state: str) -> str:
    if state in _loaded_states:
        return _index.get(state, "")
    with open(f"providers_{state}.csv") as fh:  # expect: UJ001
        _index[state] = fh.read()
    _loaded_states.add(state)
    return _index[state]


@providers.get("/regions/{name}")
async def get_region(name: str) -> list:
    return region(name)


@providers.get("/states/{state}")
async def get_state(state: str) -> str:
    return state_table(state)
