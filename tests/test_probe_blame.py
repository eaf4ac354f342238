"""Whose frame a stall's headline names, and the library-internal causes the probe knows.

Stacks are the snapshot's frame dicts (outermost first), built from real module paths, so
the doctor's use of the same functions on JSON is what is tested.
"""

from __future__ import annotations

import os
import threading
import time

import fastapi
import pytest

import unjam
from unjam.probe import blame
from unjam.probe.blame import frame_kind, known_cause, user_frame
from unjam.probe.stacks import take_sample

STDLIB = os.path.dirname(os.__file__)
FASTAPI = os.path.dirname(fastapi.__file__)
PROBE = os.path.dirname(blame.__file__)
USER = os.path.abspath(__file__)


def frame(path: str, line: int, function: str) -> dict:
    return {"path": path, "line": line, "function": function}


def request_stack(*inner: dict) -> list[dict]:
    """A stack as a FastAPI request shows it: server and framework, the probe's middleware,
    the user's endpoint, then `inner`."""
    return [
        frame(os.path.join(FASTAPI, "routing.py"), 300, "run_endpoint_function"),
        frame(os.path.join(PROBE, "hooks.py"), 186, "_time_endpoint"),
        frame(USER, 10, "endpoint"),
        *inner,
    ]


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        (USER, "user"),
        (os.path.join(STDLIB, "threading.py"), "stdlib"),
        ("/usr/lib/python3.12/threading.py", "stdlib"),  # another interpreter's library
        (os.path.join(FASTAPI, "routing.py"), "library"),
        ("/srv/app/.venv/lib/python3.11/site-packages/sqlalchemy/pool/base.py", "library"),
        ("<frozen codecs>", "frozen"),
        ("<string>", "generated"),
        (os.path.join(PROBE, "watchdog.py"), "probe"),
        (unjam.__file__, "unjam"),
    ],
)
def test_frame_kind(path, kind):
    assert frame_kind(path) == kind


def test_the_headline_is_the_innermost_user_frame_not_a_frozen_or_generated_one():
    stack = request_stack(
        frame(USER, 22, "read_config"),
        frame("<frozen codecs>", 322, "BufferedIncrementalDecoder.decode"),
    )
    assert user_frame(stack) == frame(USER, 22, "read_config")
    stack = request_stack(frame("<string>", 2, "__init__"))
    assert user_frame(stack) == frame(USER, 10, "endpoint")
    assert user_frame([frame(os.path.join(PROBE, "watchdog.py"), 109, "Deadline.arm")]) is None


def test_thread_pool_growth_is_named_not_the_condition_wait():
    threading_py = os.path.join(STDLIB, "threading.py")
    stack = [
        frame(os.path.join(FASTAPI, "routing.py"), 300, "run_endpoint_function"),
        frame("/venv/lib/python3.11/site-packages/anyio/_backends/_asyncio.py", 900, "run_sync"),
        frame(threading_py, 957, "Thread.start"),
        frame(threading_py, 622, "Event.wait"),
        frame(threading_py, 327, "Condition.wait"),
    ]
    cause = known_cause(stack)
    assert cause is not None and cause.kind == "threadpool_growth"
    assert cause.frame["function"] == "Thread.start"
    assert "start-up" in cause.fix


def test_ssl_context_dns_and_import_are_named():
    ssl_py = os.path.join(STDLIB, "ssl.py")
    httpx_config = "/venv/lib/python3.11/site-packages/httpx/_config.py"
    stack = request_stack(
        frame(httpx_config, 40, "create_ssl_context"),
        frame(ssl_py, 770, "create_default_context"),
        frame(ssl_py, 560, "SSLContext.load_verify_locations"),
    )
    assert known_cause(stack).kind == "ssl_context"
    dns = request_stack(frame(os.path.join(STDLIB, "socket.py"), 962, "getaddrinfo"))
    assert known_cause(dns).kind == "dns"
    imported = request_stack(
        frame("<frozen importlib._bootstrap>", 1176, "_find_and_load"),
        frame("<frozen importlib._bootstrap>", 690, "_load_unlocked"),
        frame("/venv/lib/python3.11/site-packages/pandas/__init__.py", 1, "<module>"),
    )
    assert known_cause(imported).kind == "import"
    json_cause = known_cause(imported)
    assert set(json_cause.to_json()) == {"kind", "title", "explanation", "fix", "frame"}


def test_no_known_cause_when_the_user_line_is_the_innermost_or_the_probe_runs():
    assert known_cause(request_stack(frame(USER, 30, "helper"))) is None
    # A known cost the user's own code is called from inside is not the library's.
    stack = [
        frame(os.path.join(STDLIB, "socket.py"), 962, "getaddrinfo"),
        frame(USER, 12, "resolve"),
    ]
    assert known_cause(stack) is None
    beat = [frame(os.path.join(PROBE, "watchdog.py"), 109, "Deadline.arm")]
    assert known_cause(beat) is None


def test_a_sample_of_the_probe_running_on_the_loop_is_never_taken():
    """The probe's own frames (here its deadline wait) are never a stall's cause."""
    from unjam.probe.heartbeat import Deadline

    deadline = Deadline.create()
    if deadline is None:
        pytest.skip("no timerfd on this platform")
    deadline.arm(5.0)
    thread = threading.Thread(target=deadline.wait, args=(1.0,), daemon=True)
    thread.start()
    time.sleep(0.1)
    assert take_sample(thread.ident, frozenset(), time.monotonic()) is None
    thread.join(2)

    def user_block():
        time.sleep(0.3)

    thread = threading.Thread(target=user_block, daemon=True)
    thread.start()
    time.sleep(0.1)
    sample = take_sample(thread.ident, frozenset(), time.monotonic())
    assert sample is not None and sample[1][-1][0].f_code is user_block.__code__
    thread.join(2)
