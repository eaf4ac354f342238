import httpx


async def not_blocking(payload: dict) -> None:
    requests = {"get": 1}
    requests.get("get")  # ok: a local dict named requests
    params = {}
    params.get("x")  # ok
    items = [3, 2]
    items.sort()  # ok
    async with httpx.AsyncClient() as client:
        await client.get("https://x")  # ok
    open_ = print
    open_("fine")  # ok


def time_sleep_only_in_sync(seconds: float) -> None:
    import time

    time.sleep(seconds)  # ok: never reached from async code


__all__ = ["not_blocking"]  # (the coroutines this module offers)
