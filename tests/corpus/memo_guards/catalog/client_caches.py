"""The process's one cache of clients, keyed by their settings."""


class ClientCache:
    def __init__(self) -> None:
        self._clients: dict[str, object] = {}

    def get_cache(self, key: str) -> object | None:
        return self._clients.get(key)

    def set_cache(self, key: str, value: object) -> None:
        self._clients[key] = value


clients_cache = ClientCache()
