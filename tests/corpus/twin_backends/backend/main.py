"""The project's first app, kept beside the new one (`cd backend && uvicorn main:app`): its
`backend/` has no `__init__.py`, so it is no `backend` package of the new app's, whose own
(`backend_new/backend/`, a regular package) Python finds first."""

from fastapi import FastAPI

app = FastAPI()
