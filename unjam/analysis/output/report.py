"""What one `unjam check` run found (`CheckReport`) and the wording every renderer shares.

A module of its own, below the renderers: they import the report from here, and the
package's `render` imports them, without a cycle between the two.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from unjam.analysis.suppressions import UnusedSuppression
from unjam.model import Finding, FindingGroup, Severity

_ALSO_REACHED = re.compile(r" \(also reached from [^()]*\)$")


@dataclass(frozen=True)
class CheckReport:
    """What one `unjam check` run found, after selection and suppressions."""

    root: Path
    findings: tuple[Finding, ...]
    files: int
    unparsed: tuple[tuple[str, str], ...] = ()
    seconds: float = 0.0
    suppressed: int = 0
    selected: frozenset[str] = field(default_factory=frozenset)
    # None unless asked for (--warn-unused-ignores): comments that silenced nothing
    unused_suppressions: tuple[UnusedSuppression, ...] | None = None
    # files of the enclosing project read for context (imports, entry points), not reported on
    context_files: int = 0
    # (path, line, message): what the check could not see, though no file failed (an app
    # with no route it can follow: unseen_routes.py)
    notes: tuple[tuple[str, int, str], ...] = ()

    def severity_counts(self) -> Counter[Severity]:
        return Counter(Severity(f.severity) for f in self.findings)


_LINE = re.compile(r"\(line (\d+)\)")


def diagnostic_line(reason: str) -> int:
    """The line a file diagnostic points at: the "(line N)" its reason names, else 1 (the
    reasons parse.py writes name a line when the parser gives one)."""
    match = _LINE.search(reason)
    return int(match.group(1)) if match else 1


# what a part's failure means for the report (linker.py names the parts)
_CONSEQUENCES = {
    "(unstartable apps)": "every app is taken as able to start, so some findings may be of "
    "an app that cannot",
}


def diagnostic_message(path: str, reason: str) -> str:
    """One sentence for a file (or directory) unjam could not analyse."""
    if path.startswith("("):  # the engine's marker for a failure not tied to one file
        consequence = _CONSEQUENCES.get(path, "findings may be missing")
        if path.startswith("(rules "):  # (a rule family failed: linker.py)
            consequence = "none of these rules' findings is reported, the other rules' are"
        return f"part of the analysis failed {path}: {reason}; {consequence}"
    if reason.startswith(f"{path} "):  # a whole sentence (unstartable.py: an app's import)
        return reason
    return f"{path} was not analysed: {reason}"


_SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


def group_of(finding: Finding) -> FindingGroup:
    """The finding's root-cause group; a finding made without one is a group of its own."""
    if finding.group is not None:
        return finding.group
    loc = finding.location
    return FindingGroup(f"{finding.code}-{loc}", f"`{finding.blocker}` at {loc.path}:{loc.line}")


def grouped(findings: tuple[Finding, ...]) -> list[tuple[FindingGroup, list[Finding]]]:
    """Findings by group, in the order groups are shown: most severe first, then the ones
    with most findings, then by where their first finding is (findings keep their order)."""
    members: dict[str, list[Finding]] = {}
    groups: dict[str, FindingGroup] = {}
    for finding in findings:
        group = group_of(finding)
        groups.setdefault(group.id, group)
        members.setdefault(group.id, []).append(finding)
    order = {gid: index for index, gid in enumerate(members)}

    def rank(gid: str) -> tuple:
        first = members[gid][0]
        return (_SEVERITY_ORDER.get(str(first.severity), 3), -len(members[gid]), order[gid])

    return [(groups[gid], members[gid]) for gid in sorted(members, key=rank)]


def display_column(finding: Finding) -> int:
    """The 1-based column people and tools expect (ruff, editors, SARIF, GitHub).

    The engine stores Python's `ast` offsets, which are 0-based; every renderer, the JSON one
    included, converts here so all formats agree.
    """
    return finding.location.column + 1


def finding_json(finding: Finding) -> dict:
    """`Finding.to_json()` with the column made 1-based, as the JSON contract documents."""
    data = finding.to_json()
    data["column"] = display_column(finding)
    return data


def message_for_text(finding: Finding) -> str:
    """The message without its "via a → b" part when the chain lines below repeat it.

    Keeps a trailing "(also reached from N other entry points)", which the chain does not say.
    """
    message = finding.message
    names = [step.name for step in finding.chain[:-1]]
    start = message.rfind(" via ")
    if start < 0 or not names:
        return message
    tail = message[start + len(" via ") :]
    if not any(tail.startswith(name) for name in names[:2]):
        return message
    also = _ALSO_REACHED.search(tail)
    return message[:start].rstrip(" ,;:") + (also.group(0) if also else "")


def chain_text(finding: Finding) -> str:
    """`POST /x → handler (a.py:3) → helper (b.py:9)`: the path from entry to blocking call.

    Starts with the route when the entry serves one, else with the entry's context; the entry
    itself is shown as the first hop even when the engine's chain leaves it out.
    """
    entry = finding.entry
    steps = [(step.name, step.path, step.line) for step in finding.chain]
    if not steps or (steps[0][0], steps[0][1]) != (entry.name, entry.path):
        steps.insert(0, (entry.name, entry.path, entry.line))
    hops = [f"{name} ({path}:{line})" for name, path, line in steps]
    phase = "shutdown" if finding.details.get("phase") == "shutdown" else entry.context
    head = entry.route or f"[{phase}]"
    return " → ".join([head, *hops])
