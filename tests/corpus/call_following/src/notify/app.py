from fastapi import FastAPI

from notify.routes import (
    alerts,
    builders,
    darks,
    drafts,
    exports,
    listing,
    storages,
    sync_bridge,
    tasks,
)

app = FastAPI()  # ok: no sync piece of its routes blocks, so a larger limiter would not help (UJ006)
app.include_router(alerts.router, prefix="/v2")
app.include_router(listing.router)
app.include_router(drafts.router)
app.include_router(exports.router)
app.include_router(tasks.router)
app.include_router(sync_bridge.router)
app.include_router(storages.router)
app.include_router(darks.router)
app.include_router(builders.router)
