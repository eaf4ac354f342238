"""A `BaseSettings`: the environment may replace the SQLite default."""

from pydantic_settings import BaseSettings


class Settings(BaseSettings):
    DATABASE_URL: str = "sqlite:///./orders.db"


settings = Settings()
