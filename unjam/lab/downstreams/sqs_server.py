"""Run moto's SQS in server mode on 127.0.0.1:PORT — `python -m unjam.lab.downstreams.sqs_server`.

Why moto and not ElasticMQ: moto is a Python package already in the lab's dependencies, so
`unjam lab webhook` works from a fresh clone with no JVM and no jar download; ElasticMQ would
need both. moto speaks the same wire protocol as AWS (boto3/aiobotocore talk to it unchanged),
including visibility timeouts, receipt handles and DeleteMessage semantics.

One fix on the way in: moto 5 computes every queue attribute, including the approximate
message counts (a scan of all messages that converts a datetime per message), on each
SendMessage, making a send cost O(queue length): 6 ms of CPU with an empty queue, 30 ms at
1,500 messages. That would turn the queue, not the app, into the bottleneck of every run.
Two patches, both keeping the semantics: moto's clock helper in the SQS model becomes
`time.time()` (same value, epoch milliseconds; nanoseconds instead of microseconds per
message), and the three `ApproximateNumberOfMessages*` counts are cached for 0.2 s per queue
(AWS documents them as approximate and eventually consistent too). werkzeug's per-request

moto's own `moto_server` runs on werkzeug's development server, which closes the connection
after every response ("Connection: close"). Through the latency proxy that would charge
every SQS call a new TCP handshake, which real SQS clients do not pay (they keep
connections alive). So the launcher serves moto's WSGI app with uvicorn's WSGI adapter
instead: keep-alive, and the app still runs in worker threads, as under werkzeug.

And one race fixed: moto's server runs each request in its own thread, and its
ReceiveMessage is not atomic — two concurrent receives can both find the same message
visible and both take it (the first lab runs saw 96 duplicate deliveries in 1,839 with 8
consumer workers). Real SQS standard queues may also deliver twice, but rarely; the lab
would be measuring moto's race instead. So the SQS backend's message operations run under
one lock, and long polling (WaitTimeSeconds) is done outside it, by polling the locked
receive every 20 ms until the wait is over.
"""

from __future__ import annotations

import argparse
import functools
import threading
import time


def _patch_moto_clock() -> None:
    import moto.sqs.models as sqs_models

    original = sqs_models.unix_time_millis

    def unix_time_millis(dt=None):  # moto's signature: an optional datetime
        return time.time() * 1000.0 if dt is None else original(dt)

    sqs_models.unix_time_millis = unix_time_millis

    for name in (
        "approximate_number_of_messages",
        "approximate_number_of_messages_delayed",
        "approximate_number_of_messages_not_visible",
    ):
        prop = getattr(sqs_models.Queue, name)
        setattr(sqs_models.Queue, name, property(_cached(name, prop.fget)))


def _serialize_backend() -> None:
    import moto.sqs.models as sqs_models

    backend = sqs_models.SQSBackend
    lock = threading.RLock()

    def locked(method):
        @functools.wraps(method)
        def wrapper(*args, **kwargs):
            with lock:
                return method(*args, **kwargs)

        return wrapper

    for name in (
        "send_message",
        "send_message_batch",
        "delete_message",
        "delete_message_batch",
        "change_message_visibility",
        "change_message_visibility_batch",
        "purge_queue",
    ):
        setattr(backend, name, locked(getattr(backend, name)))

    receive = backend.receive_message

    @functools.wraps(receive)
    def receive_message(
        self, queue_name, count, wait_seconds_timeout, visibility_timeout, *rest, **kw
    ):
        deadline = time.monotonic() + (wait_seconds_timeout or 0)
        while True:
            with lock:
                found = receive(self, queue_name, count, 0, visibility_timeout, *rest, **kw)
            if found or time.monotonic() >= deadline:
                return found
            time.sleep(0.02)

    backend.receive_message = receive_message


def _cached(name: str, compute, ttl: float = 0.2):
    def getter(queue):
        cache = queue.__dict__.setdefault("_unjam_counts", {})
        now = time.monotonic()
        hit = cache.get(name)
        if hit is None or now - hit[0] > ttl:
            hit = cache[name] = (now, compute(queue))
        return hit[1]

    return getter


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--threads", type=int, default=16, help="WSGI worker threads")
    args = parser.parse_args(argv)
    _patch_moto_clock()
    _serialize_backend()
    import uvicorn
    from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app
    from uvicorn.middleware.wsgi import WSGIMiddleware

    app = WSGIMiddleware(DomainDispatcherApplication(create_backend_app), workers=args.threads)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        interface="asgi3",
        log_level="warning",
        access_log=False,
        backlog=4096,
    )


if __name__ == "__main__":
    main()
