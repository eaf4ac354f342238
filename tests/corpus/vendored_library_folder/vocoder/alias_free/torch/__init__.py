from .act import *  # noqa: F403
