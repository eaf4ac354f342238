from fastapi import APIRouter, FastAPI
from fastapi.staticfiles import StaticFiles

from chat.admin import proxy, views
from chat.v1 import api

app = FastAPI()  # expect: UJ006
app.mount("/static", StaticFiles(directory="/srv/static"), name="static")  # (serves no router)
app.include_router(api, prefix="/chat")

admin = APIRouter()
admin.add_api_route("/admin/restart/{service}", views.restart, methods=["POST"])
admin.add_api_route("/admin/disk", views.disk_usage)
admin.add_api_route("/admin/reload", proxy.reload_proxy, methods=["POST"])
app.include_router(admin)

from chat.factory import create_app  # noqa: E402

legacy = FastAPI()
app.mount("/legacy", legacy)


@legacy.get("/ping")
async def legacy_ping():
    import time

    time.sleep(0.1)  # expect: UJ001

from chat.timed import timed_routes  # noqa: E402

timed = APIRouter(routes=timed_routes())
app.include_router(timed)

from chat.reports import mount_reports, on_start  # noqa: E402

mount_reports(app)
HOOKS = {"startup": on_start}  # (run by a hook runner unjam does not follow)

from chat.uploads import get_uploads_router  # noqa: E402

app.include_router(get_uploads_router(), prefix="/api/uploads")

from chat.looped import ASSET_ROUTERS, thumbnails_api  # noqa: E402


def include_legacy_routers() -> None:
    routers = []
    try:
        from chat import legacy

        routers.append((legacy.ledger_router, "/legacy", ["legacy"]))
    except ImportError:
        raise
    try:
        from chat import broken_routes

        routers.append((broken_routes.router, "/broken", ["broken"]))
    except SyntaxError:
        pass
    for router, prefix, tags in routers:
        app.include_router(router, prefix=prefix, tags=tags)


include_legacy_routers()

for asset_router in ASSET_ROUTERS:
    app.include_router(asset_router, prefix="/assets")


def mount_thumbnails(application: FastAPI) -> None:
    application.mount("/thumbnails", thumbnails_api)


mount_thumbnails(app)

from chat.plugins import export_app, search_app  # noqa: E402

app.mount("/search", search_app)
app.mount("/export", export_app)

from chat.versions import versioned  # noqa: E402

app.include_router(versioned, prefix="/v1")
app.include_router(versioned, prefix="/latest")

from chat.registry_routes import attach  # noqa: E402

attach(app)

from chat.aliases import aliases  # noqa: E402

app.include_router(aliases)
