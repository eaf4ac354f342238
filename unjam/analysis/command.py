"""`unjam check` and `unjam rule` — the analyzer's command line.

Thin on purpose: options are declared here (and parsed by typer, or for plain arguments by
`check_args`, which also holds the command's body), then config (`config.py`), file discovery
(`discovery.py`), the engine (`engine.py`), suppressions (`suppressions.py`) and a renderer
(`output/`) each do one step. Heavy modules are imported inside the commands so `unjam --help`
stays fast.
"""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from unjam.analysis.check_args import OutputFormat
from unjam.errors import UserError


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
    no_context: bool = typer.Option(
        False,
        "--no-context",
        help="Analyse the named paths alone, not with the rest of the project a path inside a "
        "package belongs to (finding paths are then relative to the named directory).",
    ),
) -> None:
    """Find code that blocks the event loop or starves the thread pool (static analysis).

    Exit status: 0 no findings, 1 findings, 2 bad usage or an internal error, 3 a path that
    does not exist or a file that could not be read or parsed (it outranks 1).
    """
    from unjam.analysis.check_args import run

    # the body lives in check_args (typer-free), which `unjam.cli` also calls directly
    code = run(
        paths,
        output_format,
        output,
        select,
        extend_select,
        ignore,
        exclude,
        respect_gitignore,
        config,
        no_cache,
        cache_dir,
        statistics,
        warn_unused_ignores,
        quiet,
        exit_zero,
        no_context,
    )
    if code:
        raise typer.Exit(code)


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
    page = _terminal_links(found.page)
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.markdown import Markdown

        # hyperlinks off: a link prints as "text (url)", readable in any terminal
        Console().print(Markdown(page, hyperlinks=False))
    else:
        sys.stdout.write(page)


def _terminal_links(page: str) -> str:
    """The pages link to each other as files (`[UJ003](UJ003.md)`), which means nothing in a
    terminal: point at the command that shows the page instead."""
    import re

    return re.sub(r"\[(UJ\d{3})\]\(UJ\d{3}\.md\)", r"\1 (`unjam rule \1`)", page)
