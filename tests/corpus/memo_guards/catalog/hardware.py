"""A memo guard on the process's one object, imported inside the function that tests it:
`from catalog.devices import hw` binds the module's `hw`, so `if not hw.specs:` holds
across requests as it would with the import at the top."""

from fastapi import APIRouter

hardware = APIRouter(prefix="/hardware")


@hardware.get("/specs")
async def specs():
    from catalog.devices import hw

    if not hw.specs:
        await hw.detect()
    return {"specs": str(hw.specs)}
