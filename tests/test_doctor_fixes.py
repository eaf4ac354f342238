"""Fix texts fitted to the code a runtime-only stall was seen in."""

from __future__ import annotations

import logging
import ssl

from unjam.doctor import fixes
from unjam.model import ExecutionContext, RouteExecution, RoutePiece

APP = "/srv/app/main.py"
USER = {"path": APP, "line": 12, "function": "get_user"}
PLAN = RouteExecution(
    "GET /me",
    (
        RoutePiece("dependency", "get_user", "main.py", 10, ExecutionContext.LOOP),
        RoutePiece("endpoint", "me", "main.py", 20, ExecutionContext.THREADPOOL),
    ),
)


def fix(below: list[dict], *, cpu_bound: bool = False, function: str = "get_user") -> str:
    return fixes.runtime_fix([USER, *below], APP, 12, function, PLAN, cpu_bound)


def test_logging_below_the_line_gets_the_logging_fix():
    below = [{"path": logging.__file__, "line": 1100, "function": "emit"}]
    assert fix(below) == fixes.LOGGING


def test_ssl_context_built_per_request_gets_build_it_once():
    below = [{"path": ssl.__file__, "line": 700, "function": "create_default_context"}]
    text = fix(below)
    assert "Create the client once" in text
    assert "async client" not in text


def test_cpu_work_is_not_told_to_use_an_async_client():
    assert fix([], cpu_bound=True) == fixes.CPU


def test_async_dependency_is_told_to_become_a_def_dependency():
    text = fix([])  # a C call that waits (time.sleep): no frame below, no CPU
    assert "the dependency `get_user` is `async def`" in text
    assert "make the dependency a plain `def`" in text
    assert fix([], function="other") == fixes.GENERIC


def test_thread_pool_growth_is_explained_not_blamed_on_a_client():
    stack = [
        {"path": "/venv/site-packages/anyio/to_thread.py", "line": 65, "function": "run_sync"},
        {"path": "/usr/lib/python3.11/threading.py", "line": 969, "function": "Thread.start"},
        {"path": "/usr/lib/python3.11/threading.py", "line": 327, "function": "Condition.wait"},
    ]
    text = fixes.runtime_fix(stack, "/usr/lib/python3.11/threading.py", 327, "wait", None)
    assert "thread" in text and "start-up" in text
    assert "client" not in text


def test_a_stall_with_no_app_frame_says_so():
    text = fixes.runtime_fix([USER], APP, 12, "get_user", PLAN, in_app=False)
    assert text == fixes.NOT_THE_APP
