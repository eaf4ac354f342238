from pydantic_settings import BaseSettings


class MediaSettings(BaseSettings):
    media_dir: str = "media"


media = MediaSettings()
