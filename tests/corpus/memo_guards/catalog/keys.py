"""Signing keys fetched on the first request and memoised: a one-time stall of the loop."""

import json
import os
import subprocess

import requests

_jwks = None
_settings: dict = {}
SETTINGS_FILE = "settings.json"


def jwks() -> dict:
    global _jwks
    if _jwks is None:
        _jwks = requests.get("https://issuer.example/.well-known/jwks.json").json()  # expect: UJ001
    return _jwks


def settings() -> dict:
    if "loaded" not in _settings:
        with open("settings.json") as fh:  # expect: UJ001
            _settings.update(json.load(fh))
        _settings["loaded"] = True
    return _settings


def audience() -> str:
    return requests.get("https://issuer.example/audience").text  # expect: UJ001


def model_files(model_dir: str) -> list[str]:
    config_path = os.path.join(model_dir, "config.json")
    if not os.path.exists(config_path):  # a test of what this request names, not a memo
        return sorted(os.listdir(model_dir))  # expect: UJ001
    return [config_path]


def default_settings() -> None:
    if not os.path.exists(SETTINGS_FILE):  # a file made once: a memo
        with open(SETTINGS_FILE, "w") as fh:  # expect: UJ001
            fh.write("{}")


def revision() -> str:
    """A setting read from the environment, not a value this code fills: no memo."""
    from_env = os.environ.get("GIT_COMMIT")
    if from_env is not None:
        return from_env
    return subprocess.check_output(["git", "rev-parse", "HEAD"]).decode()  # expect: UJ001


def chat_template(model_dir: str) -> str | None:
    """A local this call sets, from what it read: `if template is None:` is a fallback, run
    on every call."""
    template = None
    with open(os.path.join(model_dir, "chat_template.jinja")) as fh:  # expect: UJ001
        template = fh.read() or None
    if template is None:
        with open(os.path.join(model_dir, "chat_template.json")) as fh:  # expect: UJ001
            data = json.load(fh)
            template = data["chat_template"]
    return template


KNOWN_MODELS = {"5d41402abc4b2a76": "v1", "7d793037a0760186": "v2"}


def model_version(model_dir: str, digest: str) -> str:
    """`KNOWN_MODELS` is a table the program ships, never filled: no memo, the file is read
    on every call whose digest is not in it."""
    if digest in KNOWN_MODELS:
        return KNOWN_MODELS[digest]
    with open(os.path.join(model_dir, "version")) as fh:  # expect: UJ001
        return fh.read()


_page = ""


def landing_page() -> str:
    """Read on the first call and kept: `if _page == "":` tests as `if not _page:` does."""
    global _page
    if _page == "":
        with open("static/index.html") as fh:  # expect: UJ001
            _page = fh.read()
    return _page


class Signer:
    """One per process (built below): `if self.secret is not None: return` before loading it
    is a memo."""

    def __init__(self) -> None:
        self.secret: str | None = None

    def load(self) -> None:
        if self.secret is not None:
            return
        with open("secret.key") as fh:  # expect: UJ001
            self.secret = fh.read()


signer = Signer()


def lookup_user(authorization: str) -> dict:
    return requests.get("https://issuer.example/userinfo", headers={"a": authorization}).json()  # expect: UJ001


_token_pid = -1
_token = ""
_loaded_path = ""
_loaded_text = ""
MODE = os.environ.get("CATALOG_MODE", "fast")


def start_token() -> str:
    """Kept per process: read again only when a fork changes the pid (`if X != key:` whose
    body sets X is a one-entry cache)."""
    global _token_pid, _token
    pid = os.getpid()
    if _token_pid != pid:
        with open("/var/run/catalog/token") as fh:  # expect: UJ001
            _token = fh.read()
        _token_pid = pid
    return _token


def template_text(path: str) -> str:
    """One entry keyed by what the caller names: each new path pays again."""
    global _loaded_path, _loaded_text
    if _loaded_path != path:
        with open(path) as fh:  # expect: UJ001
            _loaded_text = fh.read()
        _loaded_path = path
    return _loaded_text


def mode_banner() -> str:
    if MODE != "fast":  # a switch: nothing sets MODE
        with open("static/slow.txt") as fh:  # expect: UJ001
            return fh.read()
    return ""


def user_dir(user_id: str) -> str:
    """Named by an f-string of the caller's id: a test of this call's path, not a memo."""
    path = f"/srv/users/{user_id}"
    if not os.path.exists(path):
        os.makedirs(path)  # expect: UJ001
    return path


def scratch_dir() -> str:
    """A new name on every call: the directory never exists yet, so it is made every time."""
    import uuid

    path = os.path.join("/srv/scratch", f"run-{uuid.uuid4()}")
    if not os.path.exists(path):
        os.makedirs(path)  # expect: UJ001
    return path


class ProductMedia:
    """Built for each request, its folder named by the product: a new folder for each new
    product, so `os.path.exists(self.folder)` asks about this call's input, not a memo."""

    def __init__(self, product_id: int):
        self.folder = f"/srv/media/{product_id}"

    def save(self, data: bytes) -> None:
        if not os.path.exists(self.folder):
            os.makedirs(self.folder)  # expect: UJ001


class Thumbnails:
    """Built for each request too, but its folder is always the same one: made once."""

    def __init__(self, size: int):
        self.size = size
        self.folder = "/srv/thumbnails"

    def save(self, data: bytes) -> None:
        if not os.path.exists(self.folder):
            os.makedirs(self.folder)  # expect: UJ001


_price_table: dict | None = None


def price_table(refresh: bool = False) -> dict:
    """Filled once, but read again whenever the caller asks for a refresh: no memo."""
    global _price_table
    if _price_table is None or refresh:
        with open("/srv/prices.json") as fh:  # expect: UJ001
            _price_table = {"raw": fh.read()}
    return _price_table


_tax_table: dict | None = None


def tax_table(force: bool = False) -> dict:
    """The same, through a local bound to the test."""
    global _tax_table
    reload = _tax_table is None or force
    if reload:
        with open("/srv/taxes.json") as fh:  # expect: UJ001
            _tax_table = {"raw": fh.read()}
    return _tax_table


SERVER_ID_FILE = os.path.expanduser("~/.catalog/server_id")


def server_id() -> str:
    """The `else` of `if os.path.exists(f):` makes the file the `if` then reads: once."""
    if os.path.exists(SERVER_ID_FILE):
        with open(SERVER_ID_FILE) as fh:  # expect: UJ001
            return fh.read()
    else:
        os.makedirs(os.path.dirname(SERVER_ID_FILE), exist_ok=True)  # expect: UJ001
        with open(SERVER_ID_FILE, "w") as fh:  # expect: UJ001
            fh.write("catalog-1")
    return "catalog-1"


def export_dir(user_id: str) -> str:
    """An early return when the caller's folder is there: it is a new one for each user."""
    path = f"/srv/exports/{user_id}"
    if os.path.isdir(path):
        return path
    os.makedirs(path)  # expect: UJ001
    return path
