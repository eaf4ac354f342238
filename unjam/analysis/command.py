"""`unjam check` and `unjam rule` — the analyzer's command line.

Thin on purpose: options are parsed here, then config (`config.py`), file discovery
(`discovery.py`), the engine (`engine.py`), suppressions (`suppressions.py`) and a renderer
(`output/`) each do one step. Heavy modules are imported inside the commands so `unjam --help`
stays fast.
"""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path

import typer

from unjam.errors import ExitCode, UserError


class OutputFormat(StrEnum):
    text = "text"
    json = "json"
    sarif = "sarif"
    github = "github"


def check(
    paths: list[Path] = typer.Argument(
        None, help="Files or directories to analyse (default: the current directory)."
    ),
    output_format: OutputFormat = typer.Option(
        OutputFormat.text,
        "--format",
        "--output-format",
        help="Output format: text (for people), json (the public contract), sarif, github.",
        case_sensitive=False,
    ),
    output: Path | None = typer.Option(
        None, "--output", "-o", help="Write the report to this file instead of stdout."
    ),
    select: list[str] = typer.Option(
        None,
        "--select",
        help="Rule codes or prefixes to report (e.g. UJ001, UJ00, ALL); replaces the config's "
        "select. Comma-separated or repeated.",
    ),
    extend_select: list[str] = typer.Option(
        None, "--extend-select", help="Rule codes or prefixes to report in addition."
    ),
    ignore: list[str] = typer.Option(
        None, "--ignore", help="Rule codes or prefixes not to report (added to the config's)."
    ),
    exclude: list[str] = typer.Option(
        None,
        "--exclude",
        help="Glob of files or directories to skip, in addition to the config's exclude.",
    ),
    respect_gitignore: bool | None = typer.Option(
        None,
        "--respect-gitignore/--no-respect-gitignore",
        help="Skip files ignored by .gitignore inside a git repository (default: on).",
        show_default=False,
    ),
    config: Path | None = typer.Option(
        None,
        "--config",
        help="The pyproject.toml whose tool.unjam table to read (default: the nearest one at or "
        "above the first path).",
    ),
    no_cache: bool = typer.Option(
        False, "--no-cache", help="Parse every file again instead of using .unjam-cache/."
    ),
    cache_dir: Path | None = typer.Option(
        None, "--cache-dir", help="Where to keep the parse cache (default: ROOT/.unjam-cache)."
    ),
    statistics: bool = typer.Option(
        False, "--statistics", help="Print the number of findings per rule instead of each one."
    ),
    warn_unused_ignores: bool = typer.Option(
        False,
        "--warn-unused-ignores",
        help="Warn about `# unjam: ignore` comments that silence nothing (reads every file).",
    ),
    quiet: bool = typer.Option(
        False, "--quiet", "-q", help="Print findings only: no summary, no warnings."
    ),
    exit_zero: bool = typer.Option(
        False, "--exit-zero", help="Exit 0 even when there are findings."
    ),
) -> None:
    """Find code that blocks the event loop or starves the thread pool (static analysis).

    Exit status: 0 no findings, 1 findings, 2 bad usage or an internal error.
    """
    from unjam.analysis.frontend import run_check

    report = run_check(
        paths or [Path(".")],
        config_file=config,
        select=_split(select),
        extend_select=_split(extend_select),
        ignore=_split(ignore),
        exclude=_split(exclude),
        respect_gitignore=respect_gitignore,
        cache_dir=None if no_cache else cache_dir,
        use_cache=not no_cache,
        warn_unused_ignores=warn_unused_ignores,
    )
    _emit(report, str(output_format), output, statistics=statistics, quiet=quiet)
    if report.findings and not exit_zero:
        raise typer.Exit(int(ExitCode.FINDINGS))


def _split(values: list[str] | None) -> list[str]:
    return [part.strip() for value in values or () for part in value.split(",") if part.strip()]


def _emit(report, fmt: str, output: Path | None, *, statistics: bool, quiet: bool) -> None:
    from unjam.analysis.output import render
    from unjam.analysis.output.text import render_statistics, render_text

    to_terminal = output is None and sys.stdout.isatty()
    width = _terminal_width() if to_terminal else 100
    if statistics and fmt == "text":
        text = render_statistics(report, color=to_terminal, width=width)
    elif fmt == "text":
        text = render_text(report, color=to_terminal, width=width, quiet=quiet)
    else:
        text = render(report, fmt)
    if output is None:
        _write_stdout(text)
        return
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(text, encoding="utf-8")
    except OSError as err:
        raise UserError(f"cannot write the report to {output}: {err.strerror}") from None


def _write_stdout(text: str) -> None:
    """Write the report; survive a closed pipe (`| head`) and a non-UTF-8 terminal."""
    import os

    try:
        if hasattr(sys.stdout, "reconfigure"):
            sys.stdout.reconfigure(errors="replace")
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away; point stdout at /dev/null so the exit-time flush is silent.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _terminal_width() -> int:
    import shutil

    return max(60, shutil.get_terminal_size((100, 24)).columns)


def rule(
    code: str | None = typer.Argument(
        None, help="A rule code, e.g. UJ001. Without one, list every rule."
    ),
) -> None:
    """Print the documentation page of a rule (What it does / Why is this bad? / Example / Fix)."""
    from unjam.analysis.rules import RULES

    if code is None:
        width = max(len(r.name) for r in RULES.values())
        for r in RULES.values():
            print(f"{r.code}  {r.name:<{width}}  {r.severity!s:<8} {r.summary}")
        return
    found = RULES.get(code.strip().upper())
    if found is None:
        raise UserError(
            f"unknown rule code {code!r}; valid codes: {', '.join(RULES)} "
            "(run `unjam rule` to list them)"
        )
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.markdown import Markdown

        Console().print(Markdown(found.page))
    else:
        sys.stdout.write(found.page)
