"""Start-up loads the messages, so a request never pays for their first load; the
templates, which only a request loads, are a first-call stall."""

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from .i18n import get_message, get_template, load_messages

app = FastAPI()


async def startup() -> None:
    load_messages()


app.add_event_handler("startup", startup)


@app.exception_handler(ValueError)
async def bad_value(request: Request, exc: ValueError):
    locale = request.headers.get("accept-language", "en")
    return JSONResponse({"detail": get_message(locale, "bad_value")}, status_code=400)


@app.get("/templates/{name}")
async def template(name: str):
    return {"text": get_template(name)}
