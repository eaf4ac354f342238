"""An include of a router from a module the project does not hold (`reports` was never
written) includes none of the project's routers: it does not make every router served, so a
router module nothing includes (`archive`) stays out of the program."""

from fastapi import FastAPI

try:
    from desk.routes import reports, users
except ImportError:
    reports = users = None

app = FastAPI()
if users:
    app.include_router(users.router)
if reports:
    app.include_router(reports.router)
