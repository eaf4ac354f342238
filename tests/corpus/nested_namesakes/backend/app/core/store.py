import requests


def fetch_plan(name: str) -> dict:
    return requests.get(f"http://plans.internal/{name}", timeout=5).json()  # expect: UJ001
