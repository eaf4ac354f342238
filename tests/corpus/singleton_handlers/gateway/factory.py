"""An app built by a factory (`uvicorn gateway.factory:create_app --factory`): the services it
builds are the process's own, so a memo on one of them holds across requests."""

from fastapi import FastAPI


class KeyVault:
    def __init__(self) -> None:
        self._key: bytes | None = None

    def key(self) -> bytes:
        if self._key is None:
            with open("vault.key", "rb") as fh:  # expect: UJ001 (on the first call only)
                self._key = fh.read()
        return self._key


def create_app() -> FastAPI:
    app = FastAPI()
    vault = KeyVault()

    @app.get("/vault/key")
    async def key_size():
        return {"bytes": len(vault.key())}

    return app
