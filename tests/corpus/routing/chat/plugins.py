"""Two sub-applications built by one factory and mounted at different prefixes: unjam sees
one app object where the program builds two, so which prefix a route added to one of them
gets is not known — the label says so instead of borrowing the other mount's prefix."""

from pathlib import Path

from fastapi import FastAPI


def base_app() -> FastAPI:
    app = FastAPI()

    @app.get("/health")
    async def plugin_health():
        return {"ok": True}

    return app


def export_report(name: str):
    return Path(f"/srv/reports/{name}").read_bytes()  # expect: UJ001


def create_search_app() -> FastAPI:
    return base_app()


def create_export_app() -> FastAPI:
    app = base_app()
    app.add_api_route("/run/{name}", run_export, methods=["POST"])
    return app


async def run_export(name: str):
    return export_report(name)


search_app = create_search_app()
export_app = create_export_app()
