import json

from config import POSITIONS_FILE


def positions(size: int) -> list:
    with open(POSITIONS_FILE) as handle:  # expect: UJ001
        return json.load(handle)[:size]
