"""A command line built with python-fire: `fire.Fire(summarise)` runs the coroutine function
it is handed on an event loop of its own. What only the command reaches blocks only it."""

import fire


async def summarise(index: str = "index.json") -> str:
    with open(index) as fh:  # ok: the command's own read, nothing else on its loop
        return fh.read()[:200]


def main() -> None:
    fire.Fire(summarise)


if __name__ == "__main__":
    main()
