import os


class Settings:
    api_prefix = os.environ.get("API_PREFIX", "/api")
    extra_prefix = os.environ.get("EXTRA_PREFIX", "/api")


settings = Settings()
