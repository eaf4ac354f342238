"""The preview route runs a workflow without a run context, the worker with one."""

from fastapi import FastAPI

from executor import Executor

app = FastAPI()


@app.post("/workflows/preview")
async def preview(workflow: dict, inputs: dict):
    executor = Executor(workflow)
    return await executor.run(inputs)
