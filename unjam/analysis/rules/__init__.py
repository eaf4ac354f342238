"""The rule registry: every code `unjam check` can emit, its name, severity and page.

The pages (`UJxxx.md` beside this module) are the documentation users read through
`unjam rule CODE` and that SARIF embeds as each rule's help; this module only knows the
metadata needed to list, select and describe rules. Keeping the prose in markdown files rather
than Python strings lets the same text serve the terminal, SARIF viewers and the docs.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

from unjam.model import Severity


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    severity: Severity
    summary: str  # one sentence, used for listings and SARIF's shortDescription

    @property
    def page(self) -> str:
        """The rule's markdown page (What it does / Why is this bad? / Example / Fix)."""
        return _read_page(self.code)

    @property
    def what_it_does(self) -> str:
        """The first paragraph of the page's "What it does" section (SARIF fullDescription)."""
        return section(self.page, "What it does").split("\n\n")[0].replace("\n", " ").strip()


RULES: dict[str, Rule] = {
    rule.code: rule
    for rule in (
        Rule(
            "UJ001",
            "blocking-call-on-loop",
            Severity.ERROR,
            "A blocking call is reached from code that runs on the event loop while serving "
            "a request.",
        ),
        Rule(
            "UJ002",
            "blocking-call-at-startup",
            Severity.WARNING,
            "A blocking call is reached from lifespan or startup/shutdown code.",
        ),
        Rule(
            "UJ003",
            "per-request-client",
            Severity.WARNING,
            "An endpoint or dependency builds a client on every request, or a dependency "
            "makes a network call while it is resolved.",
        ),
        Rule(
            "UJ004",
            "http-middleware-overhead",
            Severity.INFO,
            "An HTTP middleware built on BaseHTTPMiddleware or @app.middleware('http').",
        ),
        Rule(
            "UJ005",
            "threadpool-pressure",
            Severity.WARNING,
            "A sync piece holds a thread-pool token through a network call, or a route makes "
            "many trips through the thread pool per request.",
        ),
        Rule(
            "UJ006",
            "threadpool-default-limit",
            Severity.INFO,
            "The app uses the thread pool but keeps anyio's default limit of 40 tokens.",
        ),
    )
}


@cache
def _read_page(code: str) -> str:
    return resources.files(__package__).joinpath(f"{code}.md").read_text(encoding="utf-8")


def section(page: str, title: str) -> str:
    """The body of the `## title` section of a page (empty when the page lacks it)."""
    lines = page.splitlines()
    body: list[str] = []
    inside = False
    for line in lines:
        if line.startswith("## "):
            if inside:
                break
            inside = line[3:].strip().rstrip("?").lower() == title.rstrip("?").lower()
            continue
        if inside:
            body.append(line)
    return "\n".join(body).strip()


def codes_matching(prefix: str) -> list[str]:
    """Codes a selector names: `ALL`, a family prefix such as `UJ0`, or one full code."""
    prefix = prefix.strip().upper()
    if prefix == "ALL":
        return list(RULES)
    return [code for code in RULES if code.startswith(prefix)]
