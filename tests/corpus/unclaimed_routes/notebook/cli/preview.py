"""A command's app that serves one exported page for a preview, with no thread-pool work:
its route, too, comes from a function, so neither app has a route unjam can tie to it."""

from starlette.applications import Starlette
from starlette.responses import HTMLResponse
from starlette.routing import Route


async def page(request):
    return HTMLResponse("<h1>preview</h1>")


def preview_routes() -> list[Route]:
    return [Route("/", page)]


preview_app = Starlette(routes=preview_routes())  # ok: a preview, beside no blocking endpoint
