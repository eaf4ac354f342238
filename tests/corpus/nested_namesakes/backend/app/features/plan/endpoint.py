from fastapi import APIRouter

from app.features.plan.plan.app.routes import router as plan_router

router = APIRouter()
router.include_router(plan_router)
