"""`--format json`: the public, versioned contract (documented in docs/check.md).

The contract keys are exactly those of issue 2 (`version`, `summary`, `findings` with
`Finding.to_json()`, its column made 1-based); `unparsed` is an additional top-level key
listing the files that could not be read or parsed (`path`, `line`, `reason`),
`notes` (`path`, `line`, `message`) appears when the check could not see part of what an
app serves (an app with no route it can follow), and `unused_suppressions` appears with
`--warn-unused-ignores`. Each finding also names its
root-cause `group` (`{id, title}`), and `summary.groups` counts the groups. Consumers must
ignore keys they do not know; `version` changes only when a
contract key changes meaning or disappears.
"""

from __future__ import annotations

import json
from typing import Any

from unjam.analysis.output.report import CheckReport, diagnostic_line, finding_json, group_of

CONTRACT_VERSION = 1


def report_to_json(report: CheckReport) -> dict[str, Any]:
    data = {
        "version": CONTRACT_VERSION,
        "summary": {
            "files": report.files,
            "unparsed": len(report.unparsed),
            "findings": len(report.findings),
            "groups": len({group_of(f).id for f in report.findings}),
            "seconds": round(float(report.seconds), 3),
        },
        "findings": [_with_group(finding_json(f), f) for f in report.findings],
        "unparsed": [
            {"path": path, "line": diagnostic_line(reason), "reason": reason}
            for path, reason in report.unparsed
        ],
    }
    if report.notes:
        data["notes"] = [
            {"path": path, "line": line, "message": message} for path, line, message in report.notes
        ]
    if report.unused_suppressions is not None:
        data["unused_suppressions"] = [u.to_json() for u in report.unused_suppressions]
    return data


def _with_group(data: dict[str, Any], finding) -> dict[str, Any]:
    """Every finding names its group, even one made without (a group of its own)."""
    data.setdefault("group", group_of(finding).to_json())
    return data


def render_json(report: CheckReport) -> str:
    return json.dumps(report_to_json(report), indent=2, ensure_ascii=False) + "\n"
