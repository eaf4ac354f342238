"""The app runs from backend/ (`uvicorn app.main:app`): `app` is backend/app/, also for the
feature vendored as app/features/plan/plan/app/, whose own modules import `app.core`."""

from fastapi import FastAPI

from app.features.plan.endpoint import router

app = FastAPI()
app.include_router(router, prefix="/plan")
