"""What the lab holds: its scenarios, each variant's app and route, and the downstreams.

This is the interface the doctor (and the tests) use to serve a lab app by itself:

    from unjam.lab.registry import SCENARIOS, variant, downstreams
    v = variant("webhook", "blocking_async")      # v.app, v.route, v.broken, v.expected_line
    with downstreams("webhook") as env:           # local servers up; env vars for the app
        ...  # unjam serve v.app with env

Kept free of heavy imports: listing scenarios must not import boto3 or FastAPI.
"""

from __future__ import annotations

import contextlib
import importlib.util
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property

from unjam.errors import BadInput, UserError


@dataclass(frozen=True)
class Variant:
    """One app variant of a scenario: a FastAPI module uvicorn can serve, and its route."""

    scenario: str
    name: str
    app: str  # "module:attr"
    route: str  # "METHOD /path" as FastAPI declares it
    broken: bool
    description: str
    kind: str | None = None  # "loop" (blocks the event loop), "pool" (starves the pool), None
    marker: str | None = None  # source text on the blocking line (gives expected_line)
    path: str | None = None  # concrete path to request, when it differs from the route's
    body: str = ""  # "invoice" (a webhook payload), "translate", or "" (no body)
    seed: str = ""

    @property
    def method(self) -> str:
        return self.route.split(" ", 1)[0]

    @property
    def url_path(self) -> str:
        return self.path or self.route.split(" ", 1)[1]

    @property
    def module(self) -> str:
        return self.app.split(":", 1)[0]

    @cached_property
    def source_file(self) -> str | None:
        spec = importlib.util.find_spec(self.module)
        return spec.origin if spec else None

    @cached_property
    def expected_line(self) -> int | None:
        """1-based line of the blocking call in the app module (None for fixed variants)."""
        if not self.broken or not self.marker or not self.source_file:
            return None
        with open(self.source_file, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if self.marker in line:
                    return number
        return None

    def sample_request(self, n: int = 0) -> tuple[str, str, dict[str, str], bytes]:
        """(method, path, headers, body) of a valid request to this variant."""
        if self.body == "invoice":
            from unjam.lab.apps.webhook.models import sample_invoice

            body = sample_invoice(n)
        elif self.body == "translate":
            body = b'{"src_lang": "ko", "src_text": "\xec\x95\x88\xeb\x85\x95", "tgt_lang": "en"}'
        else:
            body = b""
        headers = {"content-type": "application/json"} if body else {}
        return self.method, self.url_path, headers, body


@dataclass(frozen=True)
class Scenario:
    name: str
    seeds: str
    title: str
    variants: dict[str, Variant] = field(default_factory=dict)


def _scenario(name: str, seeds: str, title: str, variants: list[Variant]) -> Scenario:
    return Scenario(name, seeds, title, {v.name: v for v in variants})


_W = "unjam.lab.apps.webhook"
_APPENDIX = [
    ("do_nothing_sync", "/do-nothing-sync", ""),
    ("do_nothing_async", "/do-nothing-async", ""),
    ("do_nothing_sync_body", "/do-nothing-sync-body", "invoice"),
    ("do_nothing_async_body", "/do-nothing-async-body", "invoice"),
    ("do_nothing_sync_model_body", "/do-nothing-sync-model-body", "invoice"),
    ("do_nothing_async_model_body", "/do-nothing-async-model-body", "invoice"),
    ("do_nothing_sync_http", "/do-nothing-sync-http", ""),
    ("do_nothing_async_http", "/do-nothing-async-http", ""),
    ("do_something_sync", "/do-something-sync", "invoice"),
    ("do_something_async", "/do-something-async", "invoice"),
]


def _webhook(name, broken, kind, marker, description) -> Variant:
    return Variant(
        "webhook",
        name,
        f"{_W}.{name}:app",
        "POST /webhooks/invoice",
        broken,
        description,
        kind=kind,
        marker=marker,
        body="invoice",
        seed="000/001",
    )


SCENARIOS: dict[str, Scenario] = {
    s.name: s
    for s in [
        _scenario(
            "sleep",
            "004",
            "await asyncio.sleep(2) vs time.sleep(2) at 20/40/80/120 concurrent requests",
            [
                Variant(
                    "sleep",
                    "async",
                    "unjam.lab.apps.sleep:app",
                    "GET /async",
                    False,
                    "async def + await asyncio.sleep: waits on the loop, flat at any concurrency",
                    seed="004",
                ),
                Variant(
                    "sleep",
                    "sync",
                    "unjam.lab.apps.sleep:app",
                    "GET /sync",
                    True,
                    "def + time.sleep: each request holds a thread-pool token; "
                    "steps at every multiple of the pool size",
                    kind="pool",
                    marker="time.sleep(SLEEP_S)",
                    seed="004",
                ),
            ],
        ),
        _scenario(
            "healthcheck",
            "002",
            "100 health checks of a 200 ms endpoint: sequential, threads (30, 100), asyncio",
            [
                Variant(
                    "healthcheck",
                    "async_requests",
                    "unjam.lab.apps.healthcheck:app",
                    "GET /check/sequential",
                    True,
                    "the seed's first attempt: requests.get() in a loop inside async def",
                    kind="loop",
                    marker="requests.get(url",
                    seed="002",
                ),
                Variant(
                    "healthcheck",
                    "threads",
                    "unjam.lab.apps.healthcheck:app",
                    "GET /check/threads",
                    False,
                    "def endpoint fanning out over a ThreadPoolExecutor(30)",
                    seed="002",
                ),
                Variant(
                    "healthcheck",
                    "asyncio",
                    "unjam.lab.apps.healthcheck:app",
                    "GET /check/asyncio",
                    False,
                    "async def with aiohttp and asyncio.gather",
                    seed="002",
                ),
            ],
        ),
        _scenario(
            "translate",
            "003",
            "blocking translation client from async def, run_in_threadpool and def",
            [
                Variant(
                    "translate",
                    "async_blocking",
                    "unjam.lab.apps.translate.async_blocking:app",
                    "POST /",
                    True,
                    "async def calls the blocking (requests) translation client directly",
                    kind="loop",
                    marker="translate_text(app.google_client",
                    body="translate",
                    seed="003",
                ),
                Variant(
                    "translate",
                    "run_in_threadpool",
                    "unjam.lab.apps.translate.run_in_threadpool:app",
                    "POST /",
                    False,
                    "async def hands the blocking call to run_in_threadpool",
                    body="translate",
                    seed="003",
                ),
                Variant(
                    "translate",
                    "sync_def",
                    "unjam.lab.apps.translate.sync_def:app",
                    "POST /",
                    False,
                    "plain def endpoint: FastAPI runs it in the thread pool",
                    body="translate",
                    seed="003",
                ),
            ],
        ),
        _scenario(
            "webhook",
            "000, 001",
            "invoice webhook → SQS, every step of the seeds' story, + seed 001's appendix",
            [
                _webhook(
                    "blocking_async",
                    True,
                    "loop",
                    "producer.send_message(body_str)",
                    "sync boto3 send_message inside async def; Depends(Producer) builds a "
                    "client + GetQueueUrl per request; pool 40",
                ),
                _webhook(
                    "run_in_threadpool",
                    True,
                    "pool",
                    "producer: Producer = Depends(Producer)",
                    "send via run_in_threadpool; Depends(Producer) still builds a client + "
                    "GetQueueUrl per request in the pool; pool 40",
                ),
                _webhook(
                    "threadpool_100",
                    True,
                    "pool",
                    "producer: Producer = Depends(Producer)",
                    "as run_in_threadpool, with the pool raised to 100",
                ),
                _webhook(
                    "per_request_client",
                    True,
                    "loop",
                    "return Producer()",
                    "Producer built in an async dependency: client + GetQueueUrl per request "
                    "on the event loop; pool 100",
                ),
                _webhook(
                    "singleton",
                    False,
                    None,
                    None,
                    "singleton client, send via run_in_threadpool; pool 100",
                ),
                _webhook(
                    "sync_handler",
                    False,
                    None,
                    None,
                    "def handler + async get_body dependency + singleton client; pool 200",
                ),
                _webhook(
                    "best",
                    False,
                    None,
                    None,
                    "async def + aiobotocore client built once + SendMessageBatch coalescing",
                ),
                *[
                    Variant(
                        "webhook",
                        name,
                        f"{_W}.appendix:app",
                        f"POST {path}",
                        False,
                        f"seed 001 appendix: POST {path}",
                        path=f"{path}?key=abc" if "something" in path else None,
                        body=body,
                        seed="001",
                    )
                    for name, path, body in _APPENDIX
                ],
            ],
        ),
    ]
}

STORY = [
    "blocking_async",
    "run_in_threadpool",
    "threadpool_100",
    "per_request_client",
    "singleton",
    "sync_handler",
    "best",
]
APPENDIX = [name for name, _, _ in _APPENDIX]


def scenario(name: str) -> Scenario:
    try:
        return SCENARIOS[name]
    except KeyError:
        known = ", ".join(SCENARIOS)
        raise UserError(f"no lab scenario {name!r}; choose one of: {known}") from None


def variant(scenario_name: str, name: str) -> Variant:
    found = scenario(scenario_name).variants.get(name)
    if found is None:
        known = ", ".join(scenario(scenario_name).variants)
        raise BadInput(f"scenario {scenario_name!r} has no variant {name!r}; choose: {known}")
    return found


@contextlib.contextmanager
def downstreams(scenario_name: str, **options) -> Iterator[dict[str, str]]:
    """Start `scenario_name`'s local downstream servers; yield the env vars its apps need.

    Options (all optional): sleep webhook: `latency_ms` (added round trip to the queue,
    default 20), `internal_ms` (the appendix's internal URL delay, default 5), `queue`;
    healthcheck: `delay_ms` (default 200); translate: `delay_ms` (default 180);
    sleep: `sleep_s`, `pool`. `core` pins the downstreams to a CPU core.
    """
    from unjam.lab import environments

    scenario(scenario_name)
    with environments.start(scenario_name, **options) as env:
        yield env
