from pydantic import BaseModel
from pydantic_settings import BaseSettings


class ApiConfig(BaseModel):
    prefix: str = "/api"


class Settings(BaseSettings):
    api: ApiConfig = ApiConfig()


settings = Settings()
