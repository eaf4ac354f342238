"""Settings read from a file an operator may edit while the server runs: every read checks
the file again. The path is declared on the class and set by `load` from an expression
whose type only the annotation states."""

import json
from pathlib import Path

import platformdirs


class Settings:
    overrides_path: Path = None
    label: str = "default"

    def __init__(self) -> None:
        self._values: dict = {}

    def load(self, app_name: str) -> None:
        self.overrides_path = platformdirs.user_config_path(app_name) / "overrides.json"

    def _refresh(self) -> None:
        if self.overrides_path.is_file():  # expect: UJ001
            self._values = json.loads(self.overrides_path.read_text())  # expect: UJ001

    def get(self, key: str, default=None):
        self._refresh()
        return self._values.get(key, default)

    def title(self) -> str:
        return self.label.upper()  # ok


settings = Settings()
