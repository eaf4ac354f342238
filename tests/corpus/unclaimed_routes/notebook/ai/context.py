"""A tool's context hands back the app it was given: reading it builds no app."""

from dataclasses import dataclass

from starlette.applications import Starlette


@dataclass
class ToolContext:
    app: Starlette | None = None

    def get_app(self) -> Starlette:
        app = self.app
        if app is None:
            raise RuntimeError("no app")
        return app

    def state(self) -> dict:
        app = self.get_app()  # ok: the app the server built, read back
        return dict(vars(app.state))
