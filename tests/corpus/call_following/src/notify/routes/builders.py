"""A sync function handed to another that calls it (`respond(path, read_body)`): the call
that runs it is `respond`'s, so that is what to move off the loop."""

from fastapi import APIRouter

router = APIRouter(prefix="/builders")


def read_body(path: str) -> str:
    with open(path) as handle:  # expect: UJ001
        return handle.read()


def respond(path: str, build) -> dict:
    return {"body": build(path)}


@router.get("/text")
async def text():
    return respond("/srv/notify/body.txt", read_body)
