"""A dependency FastAPI fills from the query string, also called directly with a constant:
the direct call is not every call, so the branch its argument rules out stays reachable."""

from typing import Annotated

from fastapi import Depends


def audit(strict: bool = False) -> None:
    if strict:
        with open("/var/log/mediahub/strict.log", "a") as log:  # expect: UJ001
            log.write("strict paging\n")


async def paging(strict: bool = False, limit: int = 50) -> dict:
    audit(strict=strict)
    return {"strict": strict, "limit": limit}


async def default_paging() -> dict:
    return await paging(strict=False)


Paging = Annotated[dict, Depends(paging)]
