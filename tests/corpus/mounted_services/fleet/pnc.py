"""The fleet service's certificate API: a factory of the same name as billing's."""

from pathlib import Path

from fastapi import FastAPI


def create_pnc_app() -> FastAPI:
    pnc = FastAPI()

    @pnc.get("/certs")
    async def certs() -> dict:
        Path("fleet-certs.pem").write_bytes(b"")  # expect: UJ001
        return {}

    return pnc
