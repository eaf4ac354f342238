"""Names bound in ways a summary may not show: unpacking, a loop, `globals()`; and the
settings base class taken from where the installed pydantic has it."""

try:
    from pydantic import BaseSettings
except ImportError:
    from pydantic_settings import BaseSettings

LEVEL, DEBUG = "info", False
for RETRIES in range(3):
    pass
globals()["TIMEOUT"] = 3


class KioskSettings(BaseSettings):
    name: str = "kiosk"
