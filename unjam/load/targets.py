"""What to send: `Target`, and vegeta's plain-text targets format.

The format (vegeta's `http` format) is a sequence of blocks separated by blank lines:

    GET http://127.0.0.1:8000/items?id=1
    X-Account: 42
    Authorization: Bearer abc

    POST http://127.0.0.1:8000/invoice
    Content-Type: application/json
    @bodies/invoice.json

The first line is `METHOD URL` (method in capitals); header lines are `Key: Value`; a line
`@path` names a body file, relative to the targets file; `#` starts a comment line. Errors
name `file:line` so the user can fix the exact line. Parsed by hand because vegeta's format
is small and no Python package reads it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from unjam.errors import BadInput, UserError

_METHOD_LINE = re.compile(r"^([A-Z]+)\s+(\S+)\s*$")
_STARTS_WITH_METHOD = re.compile(r"^[A-Z]+\s")
_TOKEN = re.compile(r"^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$")  # RFC 9110 token: methods, header names
_UNSAFE = re.compile(r"[\x00-\x20\x7f-\U0010ffff]")  # controls, space, non-ASCII


@dataclass(frozen=True)
class Target:
    """One HTTP request blueprint. `url` is absolute (`http://host:port/path?query`)."""

    method: str = "GET"
    url: str = ""
    headers: Mapping[str, str] = field(default_factory=dict)
    body: bytes = b""

    def __post_init__(self) -> None:
        # Allow Target("http://...") for the common one-URL case.
        if not self.url and "://" in self.method:
            object.__setattr__(self, "url", self.method)
            object.__setattr__(self, "method", "GET")
        object.__setattr__(self, "headers", dict(self.headers))
        if isinstance(self.body, str):
            object.__setattr__(self, "body", self.body.encode())

    @property
    def route(self) -> str:
        parts = urlsplit(self.url)
        return f"{self.method} {parts.path or '/'}"

    def to_dict(self) -> dict:
        body = self.body.decode("utf-8", "replace") if self.body else ""
        return {"method": self.method, "url": self.url, "headers": dict(self.headers), "body": body}

    @classmethod
    def from_dict(cls, data: Mapping) -> Target:
        return cls(
            method=data.get("method", "GET"),
            url=data["url"],
            headers=dict(data.get("headers") or {}),
            body=(data.get("body") or "").encode(),
        )


def check_url(url: str, where: str = "URL") -> None:
    """Reject what cannot be attacked with a one-line reason (exit 3)."""
    try:
        parts = urlsplit(url)
    except ValueError as err:  # e.g. "Invalid IPv6 URL"
        raise BadInput(f"{where}: {url!r} is not a valid URL ({err})") from None
    if parts.scheme == "https":
        raise BadInput(f"{where}: {url!r} is https; unjam load speaks plain HTTP/1.1 only")
    if parts.scheme != "http" or not parts.hostname:
        raise BadInput(f"{where}: {url!r} is not an http:// URL (e.g. http://127.0.0.1:8000/)")
    try:
        parts.port  # noqa: B018 - raises ValueError for a bad port
    except ValueError:
        raise BadInput(f"{where}: {url!r} has a bad port") from None


def check_target(target: Target, where: str = "") -> None:
    """Refuse what would put malformed bytes on the wire: every request is written as given,
    so a CR/LF in a header would inject a header of its own and a space in the URL would
    split the request line."""
    prefix = f"{where}: " if where else ""
    check_url(target.url, f"{where or 'URL'}")
    bad = _UNSAFE.search(target.url)
    if bad:
        raise BadInput(
            f"{prefix}URL {target.url!r} contains {bad.group()!r}; percent-encode it "
            "(a space is %20)"
        )
    if not _TOKEN.match(target.method):
        raise BadInput(
            f"{prefix}method {target.method!r} is not an HTTP method token (e.g. GET, POST)"
        )
    for key, value in target.headers.items():
        if not _TOKEN.match(key):
            raise BadInput(f"{prefix}header name {key!r} is not a valid token; write 'Key: Value'")
        if _UNSAFE.search(value.replace(" ", "").replace("\t", "")):
            raise BadInput(
                f"{prefix}header {key!r}: its value {value!r} has a line break, control or "
                "non-ASCII character, which would corrupt the request; remove it"
            )


def parse_header(text: str, where: str = "--header") -> tuple[str, str]:
    key, sep, value = text.partition(":")
    if not sep or not key.strip() or not value.strip():
        raise BadInput(f"{where}: bad header {text!r}; write it as 'Key: Value'")
    return key.strip(), value.strip()


def read_body_file(path: str | Path, where: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise BadInput(f"{where}: body file {str(path)!r} does not exist") from None
    except OSError as err:
        raise BadInput(f"{where}: cannot read body file {str(path)!r}: {err.strerror}") from None


def parse_targets(
    text: str,
    *,
    source: str = "<stdin>",
    base_dir: Path | None = None,
    default_headers: Mapping[str, str] | None = None,
    default_body: bytes = b"",
) -> list[Target]:
    """Parse vegeta's http targets format. Raises `BadInput` naming `source:line`."""
    base_dir = base_dir or Path.cwd()
    lines = text.splitlines()
    targets: list[Target] = []
    index = 0

    def where(i: int) -> str:
        return f"{source}:{i + 1}"

    while index < len(lines):
        line = lines[index].strip()
        if not line or line.startswith("#"):
            index += 1
            continue
        match = _METHOD_LINE.match(line)
        if not match:
            raise BadInput(f"{where(index)}: bad target {line!r}; expected 'METHOD URL'")
        method, url = match.groups()
        start = index
        try:
            check_url(url, where(index))
        except UserError:
            raise BadInput(
                f"{where(index)}: bad URL {url!r}; expected http://host[:port]/path"
            ) from None
        headers = dict(default_headers or {})
        body = default_body
        index += 1
        while index < len(lines):
            line = lines[index].strip()
            if not line or _STARTS_WITH_METHOD.match(line):
                break
            if line.startswith("#"):
                index += 1
                continue
            if line.startswith("@"):
                path = Path(line[1:].strip())
                body = read_body_file(path if path.is_absolute() else base_dir / path, where(index))
                index += 1
                continue
            key, sep, value = line.partition(":")
            if not sep or not key.strip() or not value.strip():
                raise BadInput(f"{where(index)}: bad header {line!r}; expected 'Key: Value'")
            headers[key.strip()] = value.strip()
            index += 1
        target = Target(method=method, url=url, headers=headers, body=body)
        check_target(target, where(start))
        targets.append(target)
    if not targets:
        raise BadInput(f"{source}: no targets found (expected lines like 'GET http://...')")
    return targets


def read_targets_file(
    path: str,
    *,
    stdin_text: str | None = None,
    default_headers: Mapping[str, str] | None = None,
    default_body: bytes = b"",
) -> list[Target]:
    """`--targets FILE` or `-` (stdin)."""
    if path == "-":
        import sys

        text = stdin_text if stdin_text is not None else sys.stdin.read()
        return parse_targets(
            text, source="<stdin>", default_headers=default_headers, default_body=default_body
        )
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput(f"targets file {path!r} does not exist") from None
    except (OSError, UnicodeDecodeError) as err:
        raise BadInput(f"cannot read targets file {path!r}: {err}") from None
    return parse_targets(
        text,
        source=path,
        base_dir=file.parent,
        default_headers=default_headers,
        default_body=default_body,
    )


def format_targets(targets: Iterable[Target]) -> str:
    """The inverse of `parse_targets` (bodies are not inlined; used for display)."""
    blocks = []
    for target in targets:
        lines = [f"{target.method} {target.url}"]
        lines += [f"{k}: {v}" for k, v in target.headers.items()]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"
