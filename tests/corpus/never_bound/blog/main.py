from fastapi import FastAPI

from blog import posts

app = FastAPI()
app.include_router(posts.router)
