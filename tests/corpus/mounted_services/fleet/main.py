from fastapi import FastAPI

from fleet.pnc import create_pnc_app

app = FastAPI()
app.mount("/pnc", create_pnc_app())
