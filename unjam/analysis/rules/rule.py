"""What the registry knows of a rule: its code, name, severity, one-line summary and page.

Each rule family module (`blocking.py`, `clients.py`, …) declares its `Rule`s beside its logic
and its `UJxxx.md` pages; `rules/__init__.py` collects them. This module imports nothing of
the analyser, so listing or describing rules (`unjam rule`, SARIF) never loads the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

from unjam.model import Severity

# The most calls between an entry point and the function that makes a blocking call or builds
# a client, for a finding (UJ001, UJ002, UJ003) to print the path. Each call is a branch the
# analysis takes on faith (it follows calls, not values); past this depth, hand triage of real
# applications found most paths impossible (docs/check.md, "Limits").
MAX_CALLS = 5


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
