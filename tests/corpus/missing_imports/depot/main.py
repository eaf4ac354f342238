"""The depot's app imports its routes, which import a name the settings module does not
define: importing them raises ImportError, so the app never starts and nothing is served."""

from fastapi import FastAPI

from depot import routes

app = FastAPI()
app.include_router(routes.router)
