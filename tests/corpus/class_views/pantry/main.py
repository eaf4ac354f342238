from fastapi import FastAPI

from pantry.routes.shelves import labels, router

app = FastAPI()
app.include_router(router)
app.include_router(labels)
