"""The settings classes the services load at start-up."""

import os
from dataclasses import dataclass

from pydantic import BaseModel


@dataclass(frozen=True)
class PipelineConfig:
    data_dir: str = "/srv/data"

    @classmethod
    def from_file(cls, path: str) -> "PipelineConfig":
        return cls(path)


class TracingConfig(BaseModel):
    endpoint: str = "http://127.0.0.1:4318"


def debug() -> bool:
    return os.environ.get("DEBUG") == "1"
