"""The app's Redis dependency, in a folder without `__init__.py` inside the `app` package: it
is `app.dependencies.redis`, and no program puts app/dependencies/ on `sys.path`."""

from app.core.redis_client import client


def get_redis():
    return client
