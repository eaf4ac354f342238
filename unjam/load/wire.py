"""The wire encoding of targets: each `Target` as the exact bytes one send writes.

Encoded once before the run, so the hot path is one `transport.write` of ready bytes per
request, with no header formatting while the clock runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from unjam.errors import BadInput


@dataclass
class Wire:
    """Pre-encoded requests for one host:port."""

    host: str
    port: int
    requests: list[bytes]
    body_sizes: list[int]
    labels: list[str]  # 'Get "http://..."' for error texts, like Go's url.Error
    head: list[bool]


def encode_targets(targets: list[Any]) -> Wire:
    """Serialize each Target once; every send is one `transport.write` of these bytes."""
    hosts = set()
    requests, sizes, labels, heads = [], [], [], []
    for target in targets:
        parts = urlsplit(target.url)
        hosts.add((parts.hostname or "", parts.port or 80))
        body = target.body or b""
        requests.append(_request_head(target, parts) + body)
        sizes.append(len(body))
        labels.append(f'{target.method.capitalize()} "{target.url}"')
        heads.append(target.method == "HEAD")
    if len(hosts) > 1:
        listed = ", ".join(f"{h}:{p}" for h, p in sorted(hosts))
        raise BadInput(f"targets name several hosts ({listed}); run one load per host")
    (host, port) = hosts.pop()
    return Wire(host, port, requests, sizes, labels, heads)


def _request_head(target: Any, parts: Any) -> bytes:
    """Request line and headers: the target's own, a default User-Agent, and a
    Content-Length wherever a body is sent (or a method that expects one)."""
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    host_header = parts.netloc.rsplit("@", 1)[-1]
    lines = [f"{target.method} {path} HTTP/1.1", f"Host: {host_header}"]
    names = {k.lower() for k in target.headers}
    if "user-agent" not in names:
        lines.append("User-Agent: unjam-load/0.1")
    for key, value in target.headers.items():
        if key.lower() != "host":
            lines.append(f"{key}: {value}")
        else:
            lines[1] = f"Host: {value}"
    body = target.body or b""
    if (body or target.method in ("POST", "PUT", "PATCH")) and "content-length" not in names:
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
