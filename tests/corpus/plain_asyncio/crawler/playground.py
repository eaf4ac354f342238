"""A playground script shipped inside the package: its `main` starts a browser session (the
project's own `start`, which opens no server) and reads a regex match's `start()`; it is a
command's main, not a service."""

import asyncio
import re


class Session:
    async def start(self) -> None:
        await asyncio.sleep(0)


async def main() -> None:
    session = Session()
    await session.start()
    match = re.search(r"\d+", "page 12")
    offset = match.start() if match else 0
    input(f"offset {offset}; press enter")  # ok: a command's main, no service


if __name__ == "__main__":
    asyncio.run(main())
