"""Messages loaded into a module dict the first time one is asked for, unless start-up
loaded them already: `load_messages` fills the dict in place (`messages[lang] = ...`)."""

import json
from pathlib import Path

LOCALES = Path(__file__).parent / "locales"
messages: dict[str, dict] = {}
templates: dict[str, str] = {}


def load_messages() -> None:
    for path in LOCALES.glob("*.json"):  # expect: UJ002 (start-up loads them: no request does)
        with open(path, encoding="utf-8") as f:  # expect: UJ002
            messages[path.stem] = json.load(f)


def get_message(locale: str, key: str) -> str:
    if not messages:
        load_messages()
    return messages.get(locale, {}).get(key, "")


def load_templates() -> None:
    for path in LOCALES.glob("*.txt"):  # expect: UJ001
        templates[path.stem] = path.read_text()


def get_template(name: str) -> str:
    if not templates:
        load_templates()
    return templates.get(name, "")
