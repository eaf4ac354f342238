import os


class Settings:
    def __init__(self) -> None:
        self.auth = os.environ.get("GALLERY_AUTH", "") == "1"
        self.beta = os.environ.get("GALLERY_BETA", "") == "1"
        self.audit = os.environ.get("GALLERY_AUDIT", "") == "1"
        self.read_only = os.environ.get("GALLERY_READ_ONLY", "") == "1"


settings = Settings()
