"""The billing service's certificate API, mounted under /pnc."""

from pathlib import Path

from fastapi import FastAPI


def create_pnc_app() -> FastAPI:
    pnc = FastAPI()

    @pnc.get("/certs")
    async def certs() -> dict:
        Path("billing-certs.pem").write_bytes(b"")  # ok: only billing's app mounts it
        return {}

    return pnc
