from fastapi import APIRouter

from .app.routes import router as validate_router

router = APIRouter()
router.include_router(validate_router, prefix="/validate")
