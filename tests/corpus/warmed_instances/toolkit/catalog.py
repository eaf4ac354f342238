"""A catalogue whose `__init__` fills its own memo: every instance comes with the tools read,
so a route calling `describe()` on one it was handed never opens the file; a route that
builds its own instance opens it on each request."""

import json


class ToolCatalog:
    def __init__(self, spec_path: str) -> None:
        self.spec_path = spec_path
        self._tools: list | None = None
        self.describe()  # (fills the memo as the instance is made)

    def describe(self) -> list:
        if self._tools is not None:
            return self._tools
        with open(self.spec_path) as handle:  # ok: only as an instance is made
            self._tools = json.load(handle)
        return self._tools


class PromptBook:
    """Its `__init__` fills the memo only when asked to: a route may find it unset."""

    def __init__(self, path: str, eager: bool = False) -> None:
        self.path = path
        self._text: str | None = None
        if eager:
            self.text()

    def text(self) -> str:
        if self._text is None:
            with open(self.path) as handle:  # expect: UJ001
                self._text = handle.read()
        return self._text


class ReportTemplates:
    """Filled by `__init__` too, but a route builds one per request."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self._names: list[str] | None = None
        self.names()

    def names(self) -> list[str]:
        if self._names is not None:
            return self._names
        with open(f"{self.folder}/index.txt") as handle:  # expect: UJ001
            self._names = handle.read().split()
        return self._names
