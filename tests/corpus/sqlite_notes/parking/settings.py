"""Settings as a plain pydantic model: it reads no environment, so the default is the URL."""

from pydantic import BaseModel


class Settings(BaseModel):
    DATABASE_URL: str = "sqlite:///./parking.db"


settings = Settings()
