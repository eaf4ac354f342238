"""Starts "main:app" from the folder it runs in: app/main.py's app, run from app/, not the
preview's, which no folder above this one spells as `main`."""

import uvicorn

if __name__ == "__main__":
    uvicorn.run("main:app", reload=True)
