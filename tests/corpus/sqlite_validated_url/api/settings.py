"""A `BaseSettings` whose validator rebuilds the URL from the data folder: whatever the
environment or the `.env` says, `database_url` ends up SQLite's."""

from pathlib import Path

from pydantic import field_validator
from pydantic_settings import BaseSettings


class Settings(BaseSettings):
    data_dir: str = "./data"
    database_url: str = ""

    @field_validator("database_url")
    @classmethod
    def _local_file(cls, value: str, info) -> str:
        data_dir = info.data.get("data_dir")
        if data_dir:
            return f"sqlite:///{Path(data_dir) / 'app.db'}"
        raise ValueError("data_dir is required to build database_url")


settings = Settings()
