"""The billing service: it cannot start (its fixture module does not parse), so neither
does the certificate app it alone mounts."""

from fastapi import FastAPI

from billing import broken_fixture  # noqa: F401
from billing.pnc import create_pnc_app

app = FastAPI()
app.mount("/pnc", create_pnc_app())
