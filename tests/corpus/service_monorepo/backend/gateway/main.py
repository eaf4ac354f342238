from fastapi import FastAPI

from resources import gateway_name

app = FastAPI()


@app.get("/name")
async def name():
    return gateway_name()
