"""The launcher puts a checkout of the engine, kept in the repository under vendor/, on
`sys.path` before anything imports the service: `modules` is vendor/Engine/modules/."""

import os
import sys

import uvicorn

script_path = os.path.dirname(os.path.realpath(__file__))
engine_path = os.path.join(script_path, "vendor", "Engine")
sys.path.append(script_path)
sys.path.append(engine_path)

if __name__ == "__main__":
    uvicorn.run("service.api:app", host="127.0.0.1", port=8888)
