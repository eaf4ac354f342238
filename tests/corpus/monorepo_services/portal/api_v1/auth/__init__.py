from .handler import router as auth_router
