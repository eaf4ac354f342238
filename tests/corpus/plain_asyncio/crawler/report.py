"""A command: `main` answers no request, even with a task beside it, so its blocking read
slows only the command (the crawler's `main` starts a server: still an entry)."""

import asyncio


async def load_rows(path: str) -> list[str]:
    with open(path) as fh:  # ok: only the one-shot `main` below reaches it
        return fh.read().splitlines()


async def main() -> None:
    progress = asyncio.create_task(asyncio.sleep(0))
    rows = await load_rows("report.csv")
    await progress
    print(len(rows))


if __name__ == "__main__":
    asyncio.run(main())
