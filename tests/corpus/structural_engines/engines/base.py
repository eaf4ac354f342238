"""What the routes need of a compute engine: an interface no engine class derives from."""

from typing import Protocol


class ComputeEngine(Protocol):
    def start(self) -> None: ...

    def preview(self, query: str) -> list: ...

    def shutdown(self) -> None: ...
