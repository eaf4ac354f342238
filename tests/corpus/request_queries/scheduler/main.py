from fastapi import FastAPI

from scheduler.routes import jobs

app = FastAPI()  # expect: UJ006
app.include_router(jobs.router)
