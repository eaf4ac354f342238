"""The notebook server: its routes come from `build_routes()`, so UJ006 is told of this app,
the one beside them, not of the preview app or an app a tool reads back."""

from starlette.applications import Starlette

from notebook.server.api.endpoints import build_routes


def create_app() -> Starlette:
    app = Starlette(routes=build_routes())  # expect: UJ006
    return app


app = create_app()
