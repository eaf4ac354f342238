"""Run from app/ (`uvicorn main:app`), where no folder has an `__init__.py`: apis/agg.py's
`from rts.local import …` names app/rts/local.py, and the router agg.py leaves out of its
includes serves nothing."""

from apis.agg import router as api_router
from fastapi import FastAPI

app = FastAPI()
app.include_router(api_router)
