from .routes import visits_router

__all__ = ["visits_router"]
