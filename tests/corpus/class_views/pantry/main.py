from fastapi import FastAPI

from pantry.routes.bins import bins
from pantry.routes.shelves import labels, router

app = FastAPI()
app.include_router(router)
app.include_router(labels)
app.include_router(bins)
