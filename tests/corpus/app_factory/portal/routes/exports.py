import shutil

from fastapi import APIRouter

router = APIRouter()


def _archive(name: str) -> None:
    shutil.make_archive(name, "zip", name)  # expect: UJ001


def _render(name: str) -> None:
    with open(name, "w") as fh:  # ok: only through a path deeper than the rules print
        fh.write(name)


def _pack(name: str) -> None:
    _render(name)
    _archive(name)


def _stage_5(name: str) -> None:
    _pack(name)


def _stage_4(name: str) -> None:
    _stage_5(name)


def _stage_3(name: str) -> None:
    _stage_4(name)


def _stage_2(name: str) -> None:
    _stage_3(name)


def _stage_1(name: str) -> None:
    _stage_2(name)


@router.post("/exports/{name}")
async def export(name: str):
    _stage_1(name)  # six calls from here to `_render`'s open(): each a branch taken on faith


@router.post("/exports/{name}/archive")
async def archive(name: str):
    _archive(name)  # one call: the finding for `_archive` is printed from here
