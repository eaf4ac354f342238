"""Run as `cd backend && python main.py`: backend/ is on `sys.path`, so `api` and the
`music` package its routers import are backend's own, whatever the stray __init__.py above
them makes the linker call them."""

import uvicorn
from fastapi import FastAPI

from api import songs

app = FastAPI()
app.include_router(songs.router)

if __name__ == "__main__":
    uvicorn.run("main:app", reload=True)
