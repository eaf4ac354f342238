from .app import app  # the package's `app` is the FastAPI app, not the module `core/app.py`

__all__ = ["app"]
