"""Image post-processing: the existence checks only run when a caller asks not to force."""

import shutil
from pathlib import Path

from mediahub.settings import ARCHIVE_BY_DEFAULT


def minify(image_file: str, force: bool = True):
    min_dest = Path(image_file).with_suffix(".min.webp")
    if not force and min_dest.exists():  # ok
        return min_dest
    return min_dest


def resize(image_file: str, overwrite: bool = True):
    target = Path(image_file).with_suffix(".small.webp")
    if not overwrite and target.exists():  # expect: UJ001
        return target
    return target


def convert(image_file: str, fmt: str = "webp"):
    if fmt == "tiff":
        return Path(image_file).read_bytes()  # ok
    if fmt == "webp" or Path(image_file).is_symlink():  # ok
        return None
    return image_file


def keep_original(image_file: str, cached: bool = True):
    if cached or Path(image_file).is_file():  # ok
        return image_file
    return None


def archive(folder: str, compress=ARCHIVE_BY_DEFAULT):
    if compress:
        return shutil.make_archive(folder, "zip", folder)  # expect: UJ001
    return folder


def export(rows: list, fmt: str = "json", path: str = "/tmp/export"):
    if fmt == "json":
        return {"rows": rows}
    elif fmt == "csv":
        with open(path, "w") as out:  # ok
            out.write(",".join(map(str, rows)))
    else:
        Path(path).write_text(repr(rows))  # expect: UJ001
    return path


def store(image_file: str, index: bool):
    if index:
        Path(image_file).with_suffix(".idx").write_text("1")  # ok
    return image_file
