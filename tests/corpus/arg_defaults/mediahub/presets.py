"""Presets named by a request. No caller asks for the existence checks, whether it calls
through an import alias or an import inside the function: such a call shows every
argument, as a call by the function's own name does, so the defaults decide."""

from pathlib import Path


def load_preset(name: str, *, must_exist: bool = False) -> dict:
    path = Path(f"/etc/mediahub/presets/{name}.json")
    if must_exist and not path.exists():  # ok: every caller leaves must_exist False
        raise FileNotFoundError(path)
    return {"path": str(path)}


def load_theme(name: str, check: bool = False) -> dict:
    path = Path(f"/etc/mediahub/themes/{name}.css")
    if check:
        path.stat()  # ok: every caller leaves check False
    return {"path": str(path)}


def save_cover(album: str, **options) -> str:
    """`target` is a keyword read from `**options`: the call's keyword, or the default."""
    target = options.pop("target", None)
    if target == "disk":
        Path(f"/srv/covers/{album}.jpg").write_bytes(b"")  # ok: no caller asks for "disk"
    return album


def save_thumbnail(album: str, **options) -> str:
    target = options.get("target")
    if target == "disk":
        Path(f"/srv/thumbs/{album}.jpg").write_bytes(b"")  # expect: UJ001
    return album
