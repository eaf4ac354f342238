"""`skills` is the package beside this file (the folder `uvicorn main:app` runs from puts on
`sys.path`), not scripts/skills.py, which the linker meets first and which a script run
from scripts/ imports under the same name."""

from fastapi import FastAPI

from api.routes import router

app = FastAPI()
app.include_router(router)
