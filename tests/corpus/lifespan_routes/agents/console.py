"""The console front end's own small app: it serves the OAuth redirect while a login waits."""

import uvicorn
from fastapi import FastAPI


class ConsoleLogin:
    def __init__(self) -> None:
        self.code: str | None = None

    def build_redirect_app(self) -> FastAPI:
        app = FastAPI()

        @app.get("/auth/redirect")
        async def handle_redirect(code: str) -> dict:
            self.code = code
            return {"ok": True}

        return app

    async def wait_for_code(self) -> str | None:
        server = uvicorn.Server(uvicorn.Config(self.build_redirect_app(), port=8000))
        await server.serve()
        return self.code
