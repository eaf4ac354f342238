"""Seeding a browser profile: copy a template, and on failure wipe what was half copied and
fall back to a skeleton. The wipe's `rmtree` runs only from the `except` handler of a
function whose normal path blocks anyway: the fix that moves `seed_profile` off the loop
moves it too, so it is no finding of its own. `prune_profile` calls the same wipe on its
normal path: there it is one. The upload route's own handler removes the upload: moving the
route's other blocking calls off the loop one by one leaves that one, which is reported."""

import shutil
from pathlib import Path

TEMPLATE = Path("/srv/profile-template")


def _wipe(directory: Path) -> None:
    for child in directory.iterdir():  # expect: UJ001
        shutil.rmtree(child, ignore_errors=True)  # expect: UJ001


def _wipe_quietly(directory: Path) -> None:
    shutil.rmtree(directory / "Cache", ignore_errors=True)  # ok: only after a failed copy


def seed_profile(directory: Path) -> None:
    try:
        shutil.copytree(TEMPLATE, directory, dirs_exist_ok=True)  # expect: UJ001
        return
    except OSError:
        _wipe_quietly(directory)
    (directory / "Preferences").write_text("{}")  # expect: UJ001


def prune_profile(directory: Path) -> None:
    _wipe(directory)


def _remove_upload(path: Path) -> None:
    path.unlink(missing_ok=True)  # expect: UJ001


def store_upload(path: Path, data: bytes) -> None:
    path.write_bytes(data)  # expect: UJ001
