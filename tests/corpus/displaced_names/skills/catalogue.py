import json


def names() -> list[str]:
    with open("catalogue.json") as f:  # expect: UJ001
        return json.load(f)
