"""Two generations of routers, both included: where a later module repeats a method and path
an earlier one already has, Starlette always answers with the earlier route, so the later
endpoint never runs. Only identical patterns in a known order count (docs/check.md)."""

import os

from fastapi import FastAPI

from store import books, books_v2, catalog, catalog_extra, extras, legacy, reports, reports_v2
from store.settings import settings

app = FastAPI()
app.include_router(books.router, prefix="/admin")
app.include_router(books_v2.router)
app.include_router(extras.router, prefix="/admin")
app.include_router(catalog.router, prefix=settings.api_prefix)
app.include_router(catalog_extra.router, prefix=settings.extra_prefix)


def add_reports(target: FastAPI) -> None:
    target.include_router(reports_v2.router)


if os.environ.get("STORE_LEGACY"):  # first when included at all: reports.py's then loses
    app.include_router(legacy.router)
app.include_router(reports.router)
add_reports(app)

from store import vets  # noqa: E402

app.include_router(vets.router)
app.include_router(vets.router, prefix="/veterinary")

from store.events import events  # noqa: E402

app.include_router(events.router, prefix="/api")

from fastapi.staticfiles import StaticFiles  # noqa: E402

from store import covers_api  # noqa: E402

from store.overrides import OVERRIDES, override_routers  # noqa: E402

override_routers([OVERRIDES], app)

app.mount("/covers", StaticFiles(directory=os.path.join(os.path.dirname(__file__), "covers")))
app.include_router(covers_api.router)
