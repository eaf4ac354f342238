"""The Django project's settings: a module named config.settings, found from web/."""

DEBUG = False
ALLOWED_HOSTS = ["*"]
