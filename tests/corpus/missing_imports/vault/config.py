# expect: unparsed (`BaseSettings` left pydantic in 2, which requirements.txt asks for)
from pydantic import BaseSettings


class Settings(BaseSettings):
    bucket: str = "vault"


settings = Settings()
