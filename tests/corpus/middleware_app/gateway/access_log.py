"""An HTTP middleware written as a class whose objects are called per request; the app
registers one object with `app.middleware("http")(access_log)`."""

from fastapi import Request


class AccessLog:
    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    async def __call__(self, request: Request, call_next):
        response = await call_next(request)
        response.headers["x-logged"] = self.prefix
        return response


access_log = AccessLog("gw")
