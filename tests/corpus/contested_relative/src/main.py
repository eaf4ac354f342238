"""Run from the repository's root: `uvicorn src.main:app` (src/ and src/ledger/ are
namespace packages)."""

from fastapi import FastAPI

from src.billing.api import views
from src.ledger.api import routes

app = FastAPI()
app.include_router(views.router)
app.include_router(routes.router)
