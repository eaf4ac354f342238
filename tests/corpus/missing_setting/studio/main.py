from fastapi import FastAPI

from studio.routes import renders, voices

app = FastAPI()
app.include_router(voices.router)
app.include_router(renders.router)
