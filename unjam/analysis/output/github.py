"""`--format github`: GitHub Actions workflow commands, one annotation per finding.

GitHub resolves `file=` against the repository checkout, which is normally the working
directory of the job, so paths here are relative to the current directory rather than to the
checked root. Values are escaped as the workflow-command syntax requires (`%`, CR, LF, and in
properties also `:` and `,`).
"""

from __future__ import annotations

import os
from pathlib import Path

from unjam.analysis.output.report import (
    CheckReport,
    chain_text,
    diagnostic_line,
    diagnostic_message,
    display_column,
    group_of,
)
from unjam.analysis.rules import RULES

LEVELS = {"error": "error", "warning": "warning", "info": "notice"}


def escape_data(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(value: str) -> str:
    return escape_data(value).replace(":", "%3A").replace(",", "%2C")


def workspace_path(root: Path, relative: str) -> str:
    """`relative` (to the checked root) re-expressed relative to the current directory."""
    absolute = Path(os.path.abspath(root / relative))  # (no resolve(): a symlink loop raises)
    try:
        return absolute.relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return os.path.relpath(absolute, Path.cwd()) if absolute.is_absolute() else relative


def render_github(report: CheckReport) -> str:
    lines = []
    for finding in report.findings:
        rule = RULES.get(finding.code)
        title = f"{finding.code} {rule.name}" if rule else finding.code
        body = f"{finding.message}\nvia {chain_text(finding)}"
        if finding.fix:
            body += f"\nfix: {finding.fix}"
        body += f"\ngroup: {group_of(finding).title}"
        properties = ",".join(
            [
                f"file={escape_property(workspace_path(report.root, finding.location.path))}",
                f"line={finding.location.line}",
                f"col={display_column(finding)}",
                f"title={escape_property(title)}",
            ]
        )
        level = LEVELS.get(str(finding.severity), "warning")
        lines.append(f"::{level} {properties}::{escape_data(body)}")
    for path, reason in report.unparsed:
        file = escape_property(workspace_path(report.root, path))
        line = diagnostic_line(reason)
        message = escape_data(diagnostic_message(path, reason))
        lines.append(f"::error file={file},line={line},title=unjam%3A not analysed::{message}")
    for path, line, note in report.notes:
        file = escape_property(workspace_path(report.root, path))
        lines.append(
            f"::notice file={file},line={line},title=unjam%3A not seen::{escape_data(note)}"
        )
    return "\n".join(lines) + ("\n" if lines else "")
