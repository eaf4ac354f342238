"""A health route that asks the queue only when workers are on: the test reads a setting of
the task app's configuration, which no code stores into — a switch, not a memo, so the
queue is asked on every request. A registry whose own method fills what the test reads is a
memo."""

import redis
from fastapi import APIRouter

from catalog.queue_app import models, queue_app, registry, remember_model

workers = APIRouter(prefix="/workers")

_redis = redis.Redis()


def queue_depth() -> int:
    return _redis.llen("jobs")  # expect: UJ001


def plugin_names() -> list[str]:
    return sorted(_redis.smembers("plugins"))  # expect: UJ001


@workers.get("/health")
async def workers_health():
    using_workers = not queue_app.conf["always_eager"]
    depth = 0
    if using_workers:
        depth = queue_depth()
    return {"workers": using_workers, "depth": depth}


@workers.get("/plugins")
async def plugins():
    if not registry.loaded:
        registry.load(plugin_names())
    return registry.names


def load_weights(name: str) -> bytes:
    with open(f"/srv/models/{name}.bin", "rb") as fh:  # expect: UJ001
        return fh.read()


@workers.get("/models/{name}")
async def model_size(name: str):
    """Filled by another function's store into `models.loaded`: a cache keyed by name."""
    if name not in models.loaded:
        remember_model(name, load_weights(name))
    return len(models.loaded[name])
