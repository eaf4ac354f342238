"""A timetable kept in a dict, loaded once behind a flag in the same dict; an upload sets the
flag back before loading again."""

import csv

STATE = {"ready": False, "stops": {}}


def load_if_needed() -> dict:
    if STATE["ready"]:
        return STATE["stops"]
    with open("data/gtfs/stops.txt", encoding="utf-8") as f:  # expect: UJ001
        STATE["stops"] = {row["stop_id"]: row for row in csv.DictReader(f)}
    STATE["ready"] = True
    return STATE["stops"]


RATES = {"loaded": False, "table": {}}


def rates() -> dict:
    if RATES["loaded"]:
        return RATES["table"]
    with open("data/fares.csv", encoding="utf-8") as f:  # expect: UJ001
        RATES["table"] = dict(csv.reader(f))
    RATES["loaded"] = True
    return RATES["table"]
