"""The shop's app imports its routes, whose module imports a schema file that does not
compile: importing this module raises SyntaxError, so nothing here is ever served."""

from fastapi import FastAPI

from shop import routes

app = FastAPI()
app.include_router(routes.router)
