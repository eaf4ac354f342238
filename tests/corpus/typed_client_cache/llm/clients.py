"""A client cache keyed by the client's settings; a cached entry is handed back only when
it is of a client type the caller can use (`if cached: if isinstance(cached, …): return`)."""

import httpx
from openai import AsyncOpenAI, OpenAI

_clients: dict[str, object] = {}


class ClientCache:
    def get_cached_client(self, key: str) -> object | None:
        return _clients.get(key)

    def set_cached_client(self, key: str, client: object) -> None:
        _clients[key] = client


class Provider(ClientCache):
    def client(self, api_key: str, base_url: str, is_async: bool) -> OpenAI | AsyncOpenAI:
        key = f"{api_key}:{base_url}:{is_async}"
        cached = self.get_cached_client(key)
        if cached:
            if isinstance(cached, (OpenAI, AsyncOpenAI)):
                return cached
        if is_async:
            made = AsyncOpenAI(api_key=api_key, base_url=base_url)  # ok (once per key)
        else:
            made = OpenAI(api_key=api_key, base_url=base_url, http_client=httpx.Client())  # ok
        self.set_cached_client(key, made)
        return made

    def loose_client(self, api_key: str) -> OpenAI:
        cached = self.get_cached_client(api_key)
        if cached:
            if isinstance(cached, OpenAI):
                print("reusing", api_key)
            else:
                return cached  # type: ignore[return-value]
        return OpenAI(api_key=api_key)  # expect: UJ003
