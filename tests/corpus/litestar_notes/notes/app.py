"""The notes service: a Litestar app."""

from litestar import Litestar

from notes.handlers import TagController, archive, export, list_notes, live, providers, purge

app = Litestar(
    route_handlers=[list_notes, archive, export, purge, live, TagController],
    dependencies=providers,
)
