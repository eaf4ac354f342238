"""Meters whose price table an instance loads on its first use (`if not self._loaded:`): the
memo is the instance's. The usage route builds a new meter on every request, so each one
reads the table; the module's shared meter reads it once per process."""

import json

from fastapi import APIRouter

meters = APIRouter(prefix="/meters")


class Meter:
    def __init__(self) -> None:
        self._loaded = False
        self._prices: dict[str, float] = {}

    def _load(self) -> None:
        if not self._loaded:
            with open("/srv/pricing/table.json") as table:  # expect: UJ001
                self._prices = json.load(table)
            self._loaded = True

    async def cost(self, item: str, count: int) -> float:
        self._load()
        return self._prices.get(item, 0.0) * count


class SharedMeter:
    def __init__(self) -> None:
        self._loaded = False
        self._prices: dict[str, float] = {}

    def _load(self) -> None:
        if not self._loaded:
            with open("/srv/pricing/shared.json") as table:  # expect: UJ001
                self._prices = json.load(table)
            self._loaded = True

    async def cost(self, item: str, count: int) -> float:
        self._load()
        return self._prices.get(item, 0.0) * count


shared_meter = SharedMeter()


@meters.get("/usage")
async def usage(item: str, count: int):
    return {"cost": await Meter().cost(item, count)}


@meters.get("/shared")
async def shared(item: str, count: int):
    return {"cost": await shared_meter.cost(item, count)}
