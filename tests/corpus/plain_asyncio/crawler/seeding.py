"""A library's crawler, which its callers keep across calls: what a method makes once on its
own instance (`if self._seeder is None:`) costs the first call only. A helper the method
builds on every call keeps its own memo for that call only."""

from pathlib import Path


class Seeder:
    def __init__(self, cache_dir: str) -> None:
        Path(cache_dir).mkdir(parents=True, exist_ok=True)  # expect: UJ001 (first call only)
        self.cache_dir = cache_dir
        self._index: str | None = None

    async def urls(self, domain: str) -> list[str]:
        if self._index is None:  # (on the crawler's one seeder: read once)
            self._index = Path(self.cache_dir, "index.txt").read_text()  # expect: UJ001
        return [f"https://{domain}/", self._index]


class SiteMap:
    def __init__(self, domain: str) -> None:
        self.domain = domain
        self._pages: list[str] | None = None

    async def pages(self) -> list[str]:
        if self._pages is None:
            with open(f"/var/cache/crawler/{self.domain}.txt") as fh:  # expect: UJ001
                self._pages = fh.read().split()
        return self._pages


class Crawler:
    def __init__(self) -> None:
        self._seeder: Seeder | None = None
        self._robots: str | None = None

    async def seed(self, domain: str) -> list[str]:
        if self._seeder is None:
            self._seeder = Seeder("/var/cache/crawler/seeds")
        return await self._seeder.urls(domain)

    async def robots(self) -> str:
        if self._robots is None:
            with open("/var/cache/crawler/robots.txt") as fh:  # expect: UJ001 (first call only)
                self._robots = fh.read()
        return self._robots

    async def map_site(self, domain: str) -> list[str]:
        return await SiteMap(domain).pages()  # (a new map, and its memo, on every call)
