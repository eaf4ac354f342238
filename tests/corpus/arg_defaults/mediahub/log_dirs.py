"""A parameter rebound only when the caller leaves it unset: `if owner is None: owner =
current_owner()`. A route that passes an owner it surely has (a `-> str` helper's answer, a
true constant) never runs that rebinding; one that passes nothing, or a value that may be
empty, does."""

import pathlib

from fastapi import APIRouter

log_dirs = APIRouter(prefix="/logs")
ROOT = pathlib.Path("/var/mediahub")


def request_owner(token: str) -> str:
    return token.split(":")[0]


def logs_dir(owner: str | None = None) -> pathlib.Path:
    if owner is None:
        owner = pathlib.Path("/etc/mediahub/owner").read_text()  # ok: an owner is passed
    return ROOT / owner


def shared_dir(owner: str | None = None) -> pathlib.Path:
    if owner is None:
        owner = pathlib.Path("/etc/mediahub/shared").read_text()  # expect: UJ001 (none passed)
    return ROOT / owner


def label(tag: str = "") -> str:
    if not tag:
        tag = pathlib.Path("/etc/mediahub/label").read_text()  # ok: "archive" is passed
    return tag


def tag_of(tag: str = "") -> str:
    if not tag:
        tag = pathlib.Path("/etc/mediahub/tag").read_text()  # expect: UJ001 (tag may be "")
    return tag


@log_dirs.get("/owners/{token}")
async def owner_logs(token: str):
    return str(logs_dir(request_owner(token))), label("archive")


@log_dirs.get("/shared")
async def shared_logs():
    return str(shared_dir())


@log_dirs.get("/tagged/{tag}")
async def tagged(tag: str):
    return tag_of(tag)
