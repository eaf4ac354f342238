from fastapi import FastAPI

from clinic.routers import patients

app = FastAPI()
app.include_router(patients.router)
