"""A script run on its own (`python tools/export.py`): the folder it makes, whatever its
path, is no part of the app's start."""

import json
import os
import sys

OUT = os.environ.get("EXPORT_DIR", sys.argv[1] if len(sys.argv) > 1 else "export")
os.makedirs(OUT, exist_ok=True)
with open(os.path.join(OUT, "orders.json"), "w") as handle:
    json.dump([], handle)
