import asyncio


def reload_settings() -> str:
    with open("scheduler.toml") as fh:  # expect: UJ001
        return fh.read()


async def watch_settings() -> None:
    # started by lifespan as a task: it runs beside the requests, not before them
    while True:
        await asyncio.sleep(5)
        reload_settings()
