from fastapi import FastAPI

from crm import users

app = FastAPI()
app.include_router(users.router)
