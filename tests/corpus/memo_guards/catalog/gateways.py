"""Payment gateways by name: a URL is used as it is, an alias maps through a table, and any
other name is looked up in the live registry, which the class downloads once per process —
not once per name, whatever the tests of the name around it."""

import requests
from fastapi import APIRouter

gateways = APIRouter(prefix="/gateways")

ALIASES = {"cards": "stripe", "wallets": "paypal"}


class GatewayDirectory:
    _registry: dict = {}

    @classmethod
    def resolve(cls, name: str) -> str:
        if name.startswith("https://"):
            name = name.rstrip("/")
        elif name in ALIASES:
            name = ALIASES[name]
        else:
            if not cls._registry:
                cls._registry = requests.get("https://registry.internal/gateways.json").json()  # expect: UJ001
            name = cls._registry.get(name, name)
        return name


@gateways.get("/{name}")
async def read_gateway(name: str) -> str:
    return GatewayDirectory.resolve(name)
