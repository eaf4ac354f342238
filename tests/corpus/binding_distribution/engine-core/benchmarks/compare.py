"""A script beside the Rust crate: it makes `engine-core/` a folder the project sees."""

import json
import sys

print(json.dumps({"runs": len(sys.argv)}))
