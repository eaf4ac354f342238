"""A one-shot command: `main` runs its steps one after another on a loop of its own, so its
blocking read holds up nothing (the crawler's `main` starts tasks: still an entry)."""

import asyncio


async def load_rows(path: str) -> list[str]:
    with open(path) as fh:  # ok: only the one-shot `main` below reaches it
        return fh.read().splitlines()


async def main() -> None:
    rows = await load_rows("report.csv")
    print(len(rows))


if __name__ == "__main__":
    asyncio.run(main())
