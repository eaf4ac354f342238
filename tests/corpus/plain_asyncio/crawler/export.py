"""A command whose work runs in tasks: `main` has the exporter start one task per question.
Those tasks are the command's own, and block only its loop, as `main` itself does."""

import asyncio


class Exporter:
    async def export(self, questions: list[str]) -> None:
        async def write_question(question: str) -> None:
            with open(f"{question}.json", "w") as fh:  # ok: a task only `main` below starts
                fh.write(question)

        tasks = [asyncio.create_task(write_question(q)) for q in questions]
        await asyncio.gather(*tasks)


async def main() -> None:
    await Exporter().export(["q1", "q2"])


if __name__ == "__main__":
    asyncio.run(main())
