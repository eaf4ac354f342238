"""A client built from a row the route reads through Django's async ORM: the request's slug
only selects the row, whose endpoint configures the client — settings looked up, not sent."""

import httpx
from django.db import models
from fastapi import APIRouter

router = APIRouter(prefix="/agents")


class Agent(models.Model):
    slug = models.CharField(max_length=64)
    endpoint = models.URLField()


@router.post("/{slug}/ping")
async def ping_agent(slug: str) -> dict:
    query = Agent.objects.filter(slug=slug)
    agent = await query.afirst()
    async with httpx.AsyncClient(base_url=agent.endpoint) as client:  # expect: UJ003
        return (await client.get("/ping")).json()
