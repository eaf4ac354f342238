from dataclasses import dataclass

from fastapi import FastAPI


@dataclass
class JobSpec:
    path: str
    method: str


def add_job_routes(app: FastAPI, spec: JobSpec) -> None:
    async def start_job(payload: dict) -> dict:
        with open("/var/log/jobs.log", "a") as log:  # expect: UJ001
            log.write(str(payload))
        return {"queued": True}

    app.add_api_route(path="/jobs/async", endpoint=start_job, methods=[spec.method])
