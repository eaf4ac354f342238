"""The studio's settings: the speech key was renamed `tts_api_key` when the voice provider
changed, but one module still reads the old name."""

from pydantic import ConfigDict
from pydantic_settings import BaseSettings


class Settings(BaseSettings):
    gemini_api_key: str = ""
    tts_api_key: str = ""
    output_dir: str = "./out"

    @property
    def output_dirs(self) -> list[str]:
        return self.output_dir.split(",")


class Flags(BaseSettings):
    model_config = ConfigDict(extra="allow")

    beta: bool = False


settings = Settings()
flags = Flags()
