"""A validator that fills in a SQLite file only when the environment gives no URL: a
`DATABASE_URL=postgresql+psycopg://…` goes through as it is."""

from pydantic import field_validator
from pydantic_settings import BaseSettings


class Settings(BaseSettings):
    database_url: str = ""

    @field_validator("database_url")
    @classmethod
    def _default_to_file(cls, value: str) -> str:
        if value:
            return value
        return "sqlite:///./app.db"


settings = Settings()
