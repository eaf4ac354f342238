from pydantic_settings import BaseSettings


class Settings(BaseSettings):
    upstream: str = "http://127.0.0.1:8001"


settings = Settings()
