"""The launcher puts the plugins folder on `sys.path`, not vendor's checkout: `modules` is
in no folder the app's path holds, and the import fails as the app starts."""

import os
import sys

import uvicorn

script_path = os.path.dirname(os.path.realpath(__file__))
sys.path.append(os.path.join(script_path, "plugins"))

if __name__ == "__main__":
    uvicorn.run("service.api:app", host="127.0.0.1", port=8888)
