"""A module in a folder without `__init__.py` under the `inventory` package: Python imports it
as `inventory.models.rows` (the folder is a namespace portion of the package), as the
route's relative import does."""

import json


def load_row(key: str) -> dict:
    with open(f"/srv/inventory/{key}.json") as fh:  # expect: UJ001
        return json.load(fh)
