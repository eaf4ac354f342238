"""A worker process's job (run by its own loop, not the app's): the one that stores the
history, with a run context."""

import asyncio

from sqlalchemy.orm import Session

from executor import Executor, RunContext


async def run_job(workflow: dict, inputs: dict) -> dict:
    with Session() as session:
        executor = Executor(workflow, context=RunContext("job", session))
        return await executor.run(inputs)


if __name__ == "__main__":
    asyncio.run(run_job({"nodes": []}, {}))
