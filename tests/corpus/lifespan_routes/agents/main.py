import importlib
import os

from agents.routes.jobs import JobSpec
from agents.worker import FrontEndBase


def get_app():
    """`uvicorn agents.main:get_app --factory`, the front end named by the environment."""
    module, _, name = os.environ.get("FRONT_END", "agents.worker.FrontEnd").rpartition(".")
    front_end: type[FrontEndBase] = getattr(importlib.import_module(module), name)
    return front_end(JobSpec("/jobs", os.environ.get("JOB_METHOD", "POST"))).build_app()
