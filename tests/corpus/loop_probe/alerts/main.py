from fastapi import FastAPI, Request

from .dispatch import AlertDispatcher

app = FastAPI()
alerts = AlertDispatcher("smtp.internal", "/var/log/alerts.log")


@app.post("/events")
async def receive_event(request: Request):
    body = await request.body()
    if b"critical" in body:
        alerts.dispatch(body.decode())
    return {"ok": True}
