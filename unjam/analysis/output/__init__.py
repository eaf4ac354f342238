"""Renderers for `unjam check`: one module per `--format`, all fed the same `CheckReport`.

Each renderer is a pure function from a report to a string, so the command decides where the
text goes (stdout or `--output FILE`) and the tests can check each format without running
the analyzer.
"""

from __future__ import annotations

from unjam.analysis.output.report import (
    CheckReport,
    chain_text,
    diagnostic_line,
    diagnostic_message,
    display_column,
    finding_json,
    group_of,
    grouped,
    message_for_text,
)

__all__ = [
    "FORMATS",
    "CheckReport",
    "chain_text",
    "diagnostic_line",
    "diagnostic_message",
    "display_column",
    "finding_json",
    "group_of",
    "grouped",
    "message_for_text",
    "render",
]

FORMATS = ("text", "json", "sarif", "github")


def render(report: CheckReport, fmt: str, *, color: bool = False, width: int = 100) -> str:
    """The report in one of `FORMATS`."""
    if fmt == "json":
        from unjam.analysis.output.json_report import render_json

        return render_json(report)
    if fmt == "sarif":
        from unjam.analysis.output.sarif import render_sarif

        return render_sarif(report)
    if fmt == "github":
        from unjam.analysis.output.github import render_github

        return render_github(report)
    from unjam.analysis.output.text import render_text

    return render_text(report, color=color, width=width)
