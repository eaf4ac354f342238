from .models_view import describe
from .registry import names

__all__ = ["describe", "names"]
