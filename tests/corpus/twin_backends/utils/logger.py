import logging

logger = logging.getLogger("shared")
