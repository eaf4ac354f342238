from fastapi import FastAPI

from portal import reports

app = FastAPI()  # expect: UJ006
app.include_router(reports.router)
