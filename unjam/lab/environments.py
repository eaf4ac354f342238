"""Bring up each scenario's downstream servers and describe them as env vars for the apps.

All servers are child processes on 127.0.0.1 free ports, stopped by pid when the block ends.
The webhook's queue is moto in server mode behind the latency proxy (see
`downstreams/sqs_server.py` for why moto, `downstreams/latency_proxy.py` for why a proxy).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

from unjam.lab.processes import pinned, run_module
from unjam.server import ServerProcess, free_port, uvicorn_argv

AWS_ENV = {
    "AWS_ACCESS_KEY_ID": "unjam-lab",
    "AWS_SECRET_ACCESS_KEY": "unjam-lab",
    "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_EC2_METADATA_DISABLED": "true",
}
DEFAULT_QUEUE = "invoice-events"
VISIBILITY_TIMEOUT_S = 30


@contextlib.contextmanager
def slow_service(delay_ms: float, core: int | None = None) -> Iterator[ServerProcess]:
    port = free_port()
    argv = uvicorn_argv("unjam.lab.downstreams.slow:app", port, extra=["--backlog", "4096"])
    server = ServerProcess(pinned(argv, core), port, env={"LAB_DELAY_MS": str(delay_ms)})
    with server.start(ready_timeout=60):
        yield server


@contextlib.contextmanager
def sqs_queue(
    latency_ms: float = 20.0, queue: str = DEFAULT_QUEUE, core: int | None = None
) -> Iterator[dict[str, str]]:
    """moto + latency proxy; yields env with LAB_SQS_ENDPOINT (proxied), LAB_SQS_DIRECT."""
    with (
        run_module("unjam.lab.downstreams.sqs_server", [], core=core) as moto,
        run_module(
            "unjam.lab.downstreams.latency_proxy",
            ["--upstream", f"127.0.0.1:{moto.port}", "--rtt-ms", str(latency_ms)],
            core=core,
        ) as proxy,
    ):
        env = {
            **AWS_ENV,
            "LAB_SQS_ENDPOINT": proxy.url,
            "LAB_SQS_DIRECT": moto.url,
            "LAB_QUEUE_NAME": queue,
            "LAB_SQS_LATENCY_MS": str(latency_ms),
        }
        create_queue(env)
        yield env


def sqs_admin_client(env: dict[str, str]):
    """A boto3 client straight to moto (no added latency), for the lab's own bookkeeping."""
    import boto3

    return boto3.client(
        "sqs",
        endpoint_url=env["LAB_SQS_DIRECT"],
        region_name=env["AWS_DEFAULT_REGION"],
        aws_access_key_id=env["AWS_ACCESS_KEY_ID"],
        aws_secret_access_key=env["AWS_SECRET_ACCESS_KEY"],
    )


def create_queue(env: dict[str, str]) -> str:
    client = sqs_admin_client(env)
    return client.create_queue(
        QueueName=env["LAB_QUEUE_NAME"],
        Attributes={"VisibilityTimeout": str(VISIBILITY_TIMEOUT_S)},
    )["QueueUrl"]


def queue_depth(env: dict[str, str]) -> tuple[int, int]:
    """(visible, in flight) messages on the lab's queue."""
    client = sqs_admin_client(env)
    url = client.get_queue_url(QueueName=env["LAB_QUEUE_NAME"])["QueueUrl"]
    attrs = client.get_queue_attributes(
        QueueUrl=url,
        AttributeNames=["ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible"],
    )["Attributes"]
    return int(attrs["ApproximateNumberOfMessages"]), int(
        attrs["ApproximateNumberOfMessagesNotVisible"]
    )


@contextlib.contextmanager
def start(scenario: str, **options) -> Iterator[dict[str, str]]:
    core = options.get("core")
    if scenario == "sleep":
        env = {"LAB_SLEEP_S": str(options.get("sleep_s", 2.0))}
        if options.get("pool"):
            env["LAB_THREAD_POOL"] = str(options["pool"])
        yield env
    elif scenario == "healthcheck":
        with slow_service(options.get("delay_ms", 200), core) as health:
            yield {
                "LAB_HEALTH_URL": health.url,
                "LAB_HEALTH_COUNT": str(options.get("endpoints", 100)),
            }
    elif scenario == "translate":
        with slow_service(options.get("delay_ms", 180), core) as translator:
            yield {"LAB_TRANSLATE_URL": translator.url}
    elif scenario == "webhook":
        with (
            sqs_queue(
                options.get("latency_ms", 20.0), options.get("queue", DEFAULT_QUEUE), core
            ) as env,
            slow_service(options.get("internal_ms", 5), core) as internal,
        ):
            yield {**env, "LAB_INTERNAL_URL": f"{internal.url}/internal"}
    else:  # pragma: no cover - registry.scenario() validated the name
        raise ValueError(scenario)


if __name__ == "__main__":  # pragma: no cover - a manual check: start and print env
    import time

    with start(sys.argv[1]) as found:
        print(found, flush=True)
        time.sleep(float(sys.argv[2]) if len(sys.argv) > 2 else 3600)
