import asyncio
import sys

from plugins.installer import installer


def main() -> None:
    asyncio.run(installer.install(sys.argv[1]))


if __name__ == "__main__":
    main()
