"""Shared helpers for the `unjam check` front-end tests: findings built by hand, a fake engine.

The renderers, suppressions and selection are tested on `Finding`s constructed here, so those
tests do not depend on what the analysis engine happens to find; the end-to-end tests in
test_check_cli.py run the real engine.
"""

from __future__ import annotations

import marshal
import sys
import types
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from unjam.analysis import parse
from unjam.model import ChainStep, EntryPoint, ExecutionContext, Finding, Location, Severity

WEBHOOK = Path(__file__).resolve().parents[1] / "examples" / "webhook"


def make_finding(
    code: str = "UJ001",
    *,
    path: str = "aws/sqs/queue.py",
    line: int = 18,
    column: int = 15,  # 0-based, as the engine stores it (shown as 16)
    kind: str = "network",
    severity: Severity = Severity.ERROR,
    message: str = "boto3 client call `send_message` blocks the event loop",
    entry_path: str = "billing/routers/webhooks/invoice.py",
    entry_line: int = 14,
    route: str | None = "POST /webhooks/invoice",
    context: ExecutionContext = ExecutionContext.LOOP,
    fix: str = "use aiobotocore, or `await run_in_threadpool(...)`",
    chain: Sequence[tuple[str, str, int]] | None = None,
) -> Finding:
    if chain is None:
        chain = [
            ("invoice_handler", entry_path, entry_line),
            ("Producer.send_message", "billing/sqs/invoice.py", 17),
            ("SqsSimpleQueue.send_message", path, line),
        ]
    return Finding(
        code=code,
        kind=kind,
        severity=severity,
        location=Location(path, line, column),
        message=message,
        blocker="botocore.client.BaseClient.send_message",
        entry=EntryPoint("invoice_handler", entry_path, entry_line, context, route),
        chain=tuple(ChainStep(*step) for step in chain),
        fix=fix,
        blocks_loop=code in ("UJ001", "UJ002"),
    )


def webhook_findings() -> list[Finding]:
    """Findings like the engine's on examples/webhook, one per severity."""
    return [
        make_finding(),
        make_finding(
            "UJ003",
            line=8,
            column=22,
            kind="per-request-client",
            severity=Severity.WARNING,
            message="Depends(Producer) builds a boto3 client on every request",
            context=ExecutionContext.THREADPOOL,
            fix="create the client once (module level, lru_cache or lifespan)",
        ),
        make_finding(
            "UJ004",
            path="billing/main.py",
            line=11,
            column=0,
            kind="middleware",
            severity=Severity.INFO,
            message="ProfilingMiddleware is a BaseHTTPMiddleware",
            entry_path="billing/main.py",
            entry_line=11,
            route=None,
            chain=[("ProfilingMiddleware.dispatch", "billing/main.py", 12)],
            fix="write it as a pure ASGI middleware",
        ),
    ]


@dataclass
class FakeResult:
    findings: list[Finding]
    files: int = 1
    unparsed: list[tuple[str, str]] = field(default_factory=list)
    seconds: float = 0.01
    notes: list[tuple[str, int, str]] = field(default_factory=list)


def install_fake_engine(monkeypatch, findings: Sequence[Finding], **result) -> list[dict]:
    """Replace `unjam.analysis.engine` with one returning `findings`; returns its call log."""
    calls: list[dict] = []

    def analyze(root, files, *, extra_catalogue=(), cache_dir=None, **_limits):
        calls.append(
            {"root": root, "files": list(files), "extra": list(extra_catalogue), "cache": cache_dir}
        )
        return FakeResult(list(findings), files=len(list(files)), **result)

    module = types.ModuleType("unjam.analysis.engine")
    module.analyze = analyze  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "unjam.analysis.engine", module)
    return calls


def native_rows(paths: list[str]) -> list:
    """The native summariser's rows for `paths`, none left to Python, each equal to the
    Python summariser's."""
    import unjam_native

    rows = marshal.loads(unjam_native.summarize_files(paths, 1, sys.version_info[:2]))
    assert all(row[4] is not None for row in rows), rows  # not left to Python
    assert rows == parse._read_many(paths)
    return rows
