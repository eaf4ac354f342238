"""Routes an object registers on the router it keeps (`self.router`), included as
`events.router`, a link unjam cannot follow to the app: still, of two routes of that one
router, the earlier answers first wherever it is included."""

import httpx
from fastapi import APIRouter


class EventsEndpoints:
    def __init__(self):
        self.router = APIRouter()
        self._add_routes()

    def _add_routes(self):
        @self.router.get("/events/{event_id}")
        async def get_event(event_id: str):
            return {"id": event_id}

        @self.router.get("/events/stats")
        async def event_stats():
            async with httpx.AsyncClient() as client:  # ok: `/events/{event_id}` answers first
                return (await client.get("http://stats.internal")).json()

        @self.router.get("/events/{event_id}/tags")
        async def event_tags(event_id: str):
            async with httpx.AsyncClient() as client:  # expect: UJ003
                return (await client.get(f"http://tags.internal/{event_id}")).json()


events = EventsEndpoints()
