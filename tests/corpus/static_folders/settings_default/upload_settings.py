from pydantic_settings import BaseSettings


class Settings(BaseSettings):
    upload_dir: str = "uploads"
    debug: bool = False


settings = Settings()
