import json
import time

import requests


def load_rates() -> dict:
    return requests.get("https://rates.internal/today", timeout=5).json()  # expect: UJ002


def load_holidays() -> list:
    with open("/etc/ledger/holidays.json") as fh:  # expect: UJ002
        return json.load(fh)


def warm_caches() -> None:
    rates = load_rates()
    holidays = load_holidays()
    time.sleep(0.5)  # expect: UJ002
    print(len(rates), len(holidays))
