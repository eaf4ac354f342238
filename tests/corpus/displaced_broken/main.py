"""The app imports api.routes, which imports skills.registry: Python runs
skills/__init__.py first, which imports skills/models_view.py, which imports a name db/models.py
lacks. scripts/skills.py, linked first under the name `skills`, changes nothing."""

from fastapi import FastAPI

from api.routes import router

app = FastAPI()
app.include_router(router)
