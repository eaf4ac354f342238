import logging

logger = logging.getLogger("server")
