"""A base the service subclasses: the subclass is what it registers, and what is reported."""

from starlette.middleware.base import BaseHTTPMiddleware


class LocaleMiddleware(BaseHTTPMiddleware):  # ok (only a base)
    default = "en"

    async def dispatch(self, request, call_next):
        request.state.locale = self.default
        return await call_next(request)


class FrenchLocaleMiddleware(LocaleMiddleware):  # expect: UJ004
    default = "fr"


def is_locale_middleware(middleware: object) -> bool:
    return isinstance(middleware, LocaleMiddleware)
