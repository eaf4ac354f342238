"""The service's one logger, set up by its first `get_logger`: `main.py` asks for it at
import, so no request finds it bare."""

import logging
from pathlib import Path

LOG_DIR = Path("/var/log/scheduler")


def get_logger(name: str) -> logging.Logger:
    logger = logging.getLogger("scheduler")
    if not logger.handlers:
        LOG_DIR.mkdir(parents=True, exist_ok=True)  # ok: the first call is main.py's, at import
        logger.addHandler(logging.FileHandler(LOG_DIR / "scheduler.log"))  # ok: the same
    return logger.getChild(name)
