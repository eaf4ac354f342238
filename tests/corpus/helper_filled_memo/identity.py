import httpx


class IdentityProvider:
    def __init__(self, discovery_url: str) -> None:
        self.discovery_url = discovery_url
        self._authorize_url: str | None = None

    @property
    def authorize_url(self) -> str | None:
        return self._authorize_url

    async def discover(self) -> None:
        if self._authorize_url:
            return
        async with httpx.AsyncClient(timeout=10) as client:  # ok: until _apply stores it
            response = await client.get(self.discovery_url)
        self._apply(response.json())

    def _apply(self, document: dict) -> None:
        self._authorize_url = document.get("authorization_endpoint")


class MetricsPusher:
    def __init__(self, url: str) -> None:
        self.url = url
        self.disabled = False
        self._last: dict | None = None

    async def push(self, sample: dict) -> None:
        if self.disabled:
            return
        async with httpx.AsyncClient() as client:  # expect: UJ003
            await client.post(self.url, json=sample)
        self._remember(sample)

    def _remember(self, sample: dict) -> None:
        self._last = sample
