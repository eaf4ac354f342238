import os

STATUS_PREFIX = "/status"


class Settings:
    def __init__(self) -> None:
        self.reports_prefix = os.environ.get("REPORTS_PREFIX", "/reports")


settings = Settings()
