"""HTTP transports for upstream model providers."""

import aiohttp


class SessionHandler:
    """One per process (see `handlers.py`): the session is opened on first use and kept."""

    def __init__(self) -> None:
        self.session: aiohttp.ClientSession | None = None

    def _get_session(self) -> aiohttp.ClientSession:
        if self.session is None:
            self.session = aiohttp.ClientSession()  # ok: kept on the one shared handler
        return self.session

    async def post(self, url: str, payload: dict) -> dict:
        async with self._get_session().post(url, json=payload) as response:
            return await response.json()


class UpstreamCall:
    """Built for each request (see `routes.py`): its memo lasts one request."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.session: aiohttp.ClientSession | None = None

    def _get_session(self) -> aiohttp.ClientSession:
        if self.session is None:
            self.session = aiohttp.ClientSession(base_url=self.base_url)  # expect: UJ003
        return self.session

    async def get(self, path: str) -> dict:
        async with self._get_session().get(path) as response:
            return await response.json()
