"""An early CORS middleware the app replaced with FastAPI's: nothing imports it."""

from starlette.middleware.base import BaseHTTPMiddleware


class CORSMiddleware(BaseHTTPMiddleware):  # ok: the app registers FastAPI's class of that name
    async def dispatch(self, request, call_next):
        response = await call_next(request)
        response.headers["Access-Control-Allow-Origin"] = "*"
        return response
