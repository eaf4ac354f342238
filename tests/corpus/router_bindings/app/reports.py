import time

from app import settings_router, v2_router


@v2_router.get("/reports")
async def reports():
    time.sleep(0.1)  # expect: UJ001
    return []


@settings_router.get("/exports")
async def exports():
    time.sleep(0.1)  # expect: UJ001
    return []
