"""An argparse command line: each subcommand's parser names its handler with
`set_defaults(func=...)`, and `main` runs the one the arguments chose with
`asyncio.run(args.func(args))`. A handler answers no request; what it alone reaches blocks
only the command."""

import argparse
import asyncio
import json


async def cmd_list(args: argparse.Namespace) -> None:
    with open(args.index) as fh:  # ok: the `list` command's own read
        print(json.load(fh))


async def cmd_prune(args: argparse.Namespace) -> None:
    await _prune(args.index)


async def _prune(index: str) -> None:
    with open(index, "w") as fh:  # ok: only the `prune` command reaches it
        fh.write("{}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--index", default="index.json")
    commands = parser.add_subparsers()
    commands.add_parser("list").set_defaults(func=cmd_list)
    prune = commands.add_parser("prune")
    prune.set_defaults(func=cmd_prune)
    args = parser.parse_args()
    asyncio.run(args.func(args))


if __name__ == "__main__":
    main()
