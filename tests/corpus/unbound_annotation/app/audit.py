"""The same slip under postponed annotations (PEP 563): never evaluated, no error."""

from __future__ import annotations


def record(request: Request) -> AuditEntry:  # ok
    return {"path": request.url.path}
