"""The admin app serves the renders alone."""

from fastapi import FastAPI

from studio.routes import renders

app = FastAPI()
app.include_router(renders.router, prefix="/admin")
