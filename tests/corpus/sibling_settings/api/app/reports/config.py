class Settings:
    title = "reports"
    version = "1.0"


settings = Settings()
