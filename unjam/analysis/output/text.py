"""`--format text` (the default): ruff-style lines a person reads in a terminal.

    aws/sqs/queue.py:18:16: UJ001 [network] <message>
      via POST /webhooks/invoice → invoice_handler (…:14) → … → SqsSimpleQueue.send_message (…:18)
        |
     18 |         return self.client.send_message(QueueUrl=self.queue_url, MessageBody=body)
        |                ^
      fix: <what to do>

Colours come from rich and only when the output is a terminal; the layout is identical without
them, so what tests and CI logs see is what a user sees.
"""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

from rich.text import Text

from unjam.analysis.output.report import (
    CheckReport,
    chain_text,
    diagnostic_line,
    diagnostic_message,
    display_column,
    grouped,
    message_for_text,
)
from unjam.analysis.path_conditions import conditions_text
from unjam.analysis.rules import RULES
from unjam.model import UNREAD_PREFIX, Finding, FindingGroup

SEVERITY_STYLE = {"error": "bold red", "warning": "bold yellow", "info": "bold cyan"}
FOLDED_MEMBERS = 10  # a group's further findings listed one line each, up to this many


def _plural(count: int, word: str) -> str:
    if word == "info":
        return f"{count} info"
    return f"{count} {word}{'' if count == 1 else 's'}"


class _Sources:
    """Source lines for snippets, each file read at most once."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._lines: dict[str, list[str]] = {}

    def line(self, path: str, number: int) -> str | None:
        if path not in self._lines:
            try:
                text = (self.root / path).read_text(encoding="utf-8", errors="replace")
                self._lines[path] = text.splitlines()
            except OSError:
                self._lines[path] = []
        lines = self._lines[path]
        return lines[number - 1] if 0 < number <= len(lines) else None


def _finding_lines(finding: Finding, sources: _Sources, width: int) -> list[Text]:
    column = display_column(finding)
    style = SEVERITY_STYLE.get(str(finding.severity), "bold")
    head = Text()
    head.append(f"{finding.location.path}:{finding.location.line}:{column}:", style="bold")
    head.append(" ")
    head.append(finding.code, style=style)
    head.append(f" [{finding.kind}]", style="magenta")
    head.append(f" {message_for_text(finding)}")
    lines = [head]

    chain = chain_text(finding)
    if len(finding.chain) < 2 and not finding.entry.route:
        pass  # the finding is the entry itself (a middleware class, the app): no chain to show
    elif len(chain) + 6 <= width:
        lines.append(Text.assemble(("  via ", "dim"), chain))
    else:  # one hop per line when the chain does not fit
        hops = chain.split(" → ")
        lines.append(Text.assemble(("  via ", "dim"), hops[0]))
        lines.extend(Text.assemble(("      → ", "dim"), hop) for hop in hops[1:])
    conditions = finding.details.get("conditions")
    if conditions:
        lines.append(Text.assemble(("  when ", "dim"), conditions_text(conditions)))

    source = sources.line(finding.location.path, finding.location.line)
    if source is not None:
        number = str(finding.location.line)
        gutter = " " * len(number)
        expanded = source.expandtabs(4)
        lines.append(Text(f"   {gutter} |", style="blue"))
        lines.append(Text.assemble((f"   {number} | ", "blue"), expanded))
        lines.append(
            Text.assemble(
                (f"   {gutter} | ", "blue"), " " * min(column - 1, len(expanded)), ("^", style)
            )
        )
    if finding.fix:
        lines.append(Text.assemble(("  fix: ", "bold green"), finding.fix))
    return lines


def _group_lines(
    group: FindingGroup, members: list[Finding], sources: _Sources, width: int
) -> list[Text]:
    """A group of several findings: a headline (the root cause, how many findings and
    routes/entries), its first finding in full, the others folded to one line each."""
    first = members[0]
    style = SEVERITY_STYLE.get(str(first.severity), "bold")
    reach = _plural(group.affects, "entry point")
    head = Text.assemble(
        (first.code, style),
        f" {group.title} ",
        (f"[{len(members)} findings, {reach}; group {group.id}]", "dim"),
    )
    lines = [head]
    if group.fix:
        lines.append(Text.assemble(("  fix: ", "bold green"), group.fix))
    lines.extend(_indent(line) for line in _finding_lines(first, sources, width - 2))
    lines.append(Text("  also in this group:", style="dim"))
    for finding in members[1 : FOLDED_MEMBERS + 1]:
        loc = f"{finding.location.path}:{finding.location.line}:{display_column(finding)}:"
        what = f" `{finding.blocker}` [{finding.kind}]"
        if finding.entry.route and finding.entry.route != first.entry.route:
            what += f" ({finding.entry.route})"
        lines.append(Text.assemble("    ", (loc, "bold"), what))
    hidden = len(members) - 1 - FOLDED_MEMBERS
    if hidden > 0:
        lines.append(Text(f"    … {hidden} more (`--format json` lists every finding)", "dim"))
    return lines


def _indent(line: Text) -> Text:
    return Text.assemble("  ", line)


def summary_line(report: CheckReport) -> Text:
    files = _plural(report.files, "file") + _context(report)
    seconds = f"{report.seconds:.2f}s"
    suppressed = f" ({report.suppressed} suppressed)" if report.suppressed else ""
    skipped = _not_analysed(report)
    if not report.findings and skipped:
        return Text(f"No findings in {files} in {seconds}{suppressed}{skipped}.", style="bold red")
    if not report.findings and report.notes:
        return Text(
            f"No findings in {files} in {seconds}{suppressed}, but not everything the project "
            "runs was checked (see the notes above).",
            style="bold yellow",
        )
    if not report.findings:
        return Text(
            f"All checks passed: no findings in {files} in {seconds}{suppressed}.",
            style="bold green",
        )
    counts = report.severity_counts()
    parts = [
        _plural(counts[level], level)  # type: ignore[index]
        for level in ("error", "warning", "info")
        if counts[level]  # type: ignore[index]
    ]
    total = _plural(len(report.findings), "finding")
    groups = len({group.id for group, _ in grouped(report.findings)})
    causes = f" from {_plural(groups, 'root cause')}" if groups < len(report.findings) else ""
    return Text(
        f"Found {total}{causes} ({', '.join(parts)}) in {files} in {seconds}{suppressed}{skipped}.",
        style="bold",
    )


def _context(report: CheckReport) -> str:
    if not report.context_files:
        return ""
    return f" (and {_plural(report.context_files, 'file')} of the project read for context)"


def _not_analysed(report: CheckReport) -> str:
    """The summary's admission that some files were not analysed ("" when all were)."""
    count = len(report.unparsed)
    if not count:
        return ""
    return f"; {count} of them could not be analysed (listed above)"


def diagnostic_lines(report: CheckReport) -> list[Text]:
    """`path:line: error: <path> was not analysed: <reason>` for each file diagnostic."""
    lines = []
    for path, reason in report.unparsed:
        where = f"{path}:{diagnostic_line(reason)}: " if not path.startswith("(") else ""
        lines.append(
            Text.assemble(
                (where, "bold"), ("error", "bold red"), f": {diagnostic_message(path, reason)}"
            )
        )
    return lines


def note_lines(report: CheckReport) -> list[Text]:
    """`path:line: note: <message>` for what the check could not see."""
    return [
        Text.assemble((f"{path}:{line}: ", "bold"), ("note", "bold yellow"), f": {message}")
        for path, line, message in report.notes
    ]


def _console(buffer: io.StringIO, color: bool, width: int):
    from rich.console import Console  # only needed for colour; keeps plain output fast

    return Console(
        file=buffer,
        force_terminal=color,
        no_color=not color,
        color_system="standard" if color else None,
        width=width,
        highlight=False,
        emoji=False,
        soft_wrap=True,
    )


def _join(lines: list[Text], color: bool, width: int) -> str:
    """The lines as one string; rich renders the styles only when colour is wanted.

    Without colour the plain text is taken directly: rendering through a console costs about
    0.2 ms a line, which adds up on a large project's report piped into a CI log.
    """
    if not color:
        return "".join(f"{line.plain}\n" for line in lines)
    buffer = io.StringIO()
    _console(buffer, color, width).print(Text("\n").join(lines), end="\n" if lines else "")
    return buffer.getvalue()


def render_text(
    report: CheckReport, *, color: bool = False, width: int = 100, quiet: bool = False
) -> str:
    sources = _Sources(report.root)
    lines: list[Text] = []
    for group, members in grouped(report.findings):
        if len(members) == 1:
            lines.extend(_finding_lines(members[0], sources, width))
        else:
            lines.extend(_group_lines(group, members, sources, width))
        lines.append(Text())
    lines.extend(diagnostic_lines(report))  # even with --quiet: they decide the exit status
    if not quiet:
        lines.extend(note_lines(report))
    if not quiet:
        lines.extend(
            Text.assemble(
                ("warning", "bold yellow"),
                f": unused suppression at {u.path}:{u.line}: "
                + ("# unjam: ignore" if u.codes == ("*",) else f"[{', '.join(u.codes)}]")
                + " silences nothing",
            )
            for u in report.unused_suppressions or ()
        )
        lines.append(summary_line(report))
        if report.findings:
            first = min(f.code for f in report.findings)
            lines.append(
                Text(
                    f"Explain a rule with `unjam rule {first}`; list all with `unjam rule`.",
                    style="dim",
                )
            )
        if any(UNREAD_PREFIX in (f.entry.route or "") for f in report.findings):
            lines.append(
                Text(
                    f"{UNREAD_PREFIX} in a route: a router prefix known only when the app "
                    "runs (`prefix=settings.API_V1_STR`), or that of a router included where "
                    "unjam cannot follow.",
                    style="dim",
                )
            )
    return _join(lines, color, width)


def render_statistics(report: CheckReport, *, color: bool = False, width: int = 100) -> str:
    """`--statistics`: one line per rule code with its count, most frequent first."""
    counts = Counter(f.code for f in report.findings)
    lines = []
    for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        rule = RULES.get(code)
        name = rule.name if rule else ""
        severity = str(rule.severity) if rule else ""
        lines.append(Text.assemble(f"{count:>5}  ", (code, "bold"), f"  {severity:<8} {name}"))
    lines.extend(diagnostic_lines(report))
    lines.append(summary_line(report))
    return _join(lines, color, width)
