"""`unjam check` without typer: the command's body, and a parser for its plain arguments.

Why: typer builds a pydantic TypeAdapter for each of `check`'s parameters on every run,
which (with importing typer and pydantic) costs ~0.3 s — more than analysing a small
project. For the plain forms — flags, `--opt value`, `--opt=value`, `-o value`, paths, `--`
— `parse` gives the command exactly the values typer would; for anything else (`--help`, a
value typer would reject, an unknown or combined option, a value starting with `-`) it
returns None and the typer command parses as usual, with its own messages and exit codes.
tests/test_check_args.py keeps `OPTIONS` equal to the typer declaration in command.py.
"""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path

from unjam.errors import ExitCode, UserError


class OutputFormat(StrEnum):
    text = "text"
    json = "json"
    sarif = "sarif"
    github = "github"


# option string → (parameter, kind): "flag" sets True, "no" sets False, "path"/"str"/
# "format" take a value, "list" appends a value
OPTIONS: dict[str, tuple[str, str]] = {
    "--format": ("output_format", "format"),
    "--output-format": ("output_format", "format"),
    "--output": ("output", "path"),
    "-o": ("output", "path"),
    "--select": ("select", "list"),
    "--extend-select": ("extend_select", "list"),
    "--ignore": ("ignore", "list"),
    "--exclude": ("exclude", "list"),
    "--respect-gitignore": ("respect_gitignore", "flag"),
    "--no-respect-gitignore": ("respect_gitignore", "no"),
    "--config": ("config", "path"),
    "--no-cache": ("no_cache", "flag"),
    "--cache-dir": ("cache_dir", "path"),
    "--statistics": ("statistics", "flag"),
    "--warn-unused-ignores": ("warn_unused_ignores", "flag"),
    "--quiet": ("quiet", "flag"),
    "-q": ("quiet", "flag"),
    "--exit-zero": ("exit_zero", "flag"),
    "--no-context": ("no_context", "flag"),
}
_FORMATS = {f.value: f for f in OutputFormat}


def defaults() -> dict:
    """The parameters of a bare `unjam check`."""
    return {
        "paths": None,
        "output_format": OutputFormat.text,
        "output": None,
        "select": None,
        "extend_select": None,
        "ignore": None,
        "exclude": None,
        "respect_gitignore": None,
        "config": None,
        "no_cache": False,
        "cache_dir": None,
        "statistics": False,
        "warn_unused_ignores": False,
        "quiet": False,
        "exit_zero": False,
        "no_context": False,
    }


def parse(args: list[str]) -> dict | None:
    """The parameters for `unjam check ARGS`, or None when typer should parse them."""
    values = defaults()
    paths: list[Path] = []
    lists: dict[str, list[str]] = {}
    i = 0
    only_paths = False
    while i < len(args):
        arg = args[i]
        i += 1
        if only_paths or arg == "-" or not arg.startswith("-"):
            if not arg:
                return None
            paths.append(Path(arg))
            continue
        if arg == "--":
            only_paths = True
            continue
        name, eq, attached = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        known = OPTIONS.get(name)
        if known is None:
            return None  # --help, an unknown option, -qo, -oFILE, ...
        param, kind = known
        if kind in ("flag", "no"):
            if eq:
                return None
            values[param] = kind == "flag"
            continue
        if eq:
            value = attached
        elif i < len(args):
            value = args[i]
            i += 1
        else:
            return None  # a missing value: typer's message
        if not value or value.startswith("-"):
            return None
        if kind == "format":
            chosen = _FORMATS.get(value.lower()) if value.isascii() else None
            if chosen is None:
                return None
            values[param] = chosen
        elif kind == "path":
            values[param] = Path(value)
        else:
            lists.setdefault(param, []).append(value)
    if paths:
        values["paths"] = paths
    values.update(lists)
    return values


def run(
    paths: list[Path] | None,
    output_format: OutputFormat,
    output: Path | None,
    select: list[str] | None,
    extend_select: list[str] | None,
    ignore: list[str] | None,
    exclude: list[str] | None,
    respect_gitignore: bool | None,
    config: Path | None,
    no_cache: bool,
    cache_dir: Path | None,
    statistics: bool,
    warn_unused_ignores: bool,
    quiet: bool,
    exit_zero: bool,
    no_context: bool = False,
) -> int:
    """Run `unjam check` with parsed parameters; the exit status: 2 when part of the analysis
    failed (an internal error, reported), 3 when a file could not be read or parsed (the
    report lists it; it outranks findings, and `--exit-zero`, which is about findings, leaves
    it), else 1 for findings, else 0."""
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
        project_context=not no_context,
    )
    _emit(report, str(output_format), output, statistics=statistics, quiet=quiet)
    if any(path.startswith("(") for path, _ in report.unparsed):
        return int(ExitCode.USAGE)  # part of the analysis itself failed: an internal error
    if report.unparsed:
        return int(ExitCode.BAD_INPUT)
    if report.findings and not exit_zero:
        return int(ExitCode.FINDINGS)
    return 0


def _split(values: list[str] | None) -> list[str]:
    return [part.strip() for value in values or () for part in value.split(",") if part.strip()]


def _emit(report, fmt: str, output: Path | None, *, statistics: bool, quiet: bool) -> None:
    to_terminal = output is None and sys.stdout.isatty()
    width = _terminal_width() if to_terminal else 100
    if fmt == "text":  # the text renderer imports rich: only when it is needed
        from unjam.analysis.output.text import render_statistics, render_text

        if statistics:
            text = render_statistics(report, color=to_terminal, width=width)
        else:
            text = render_text(report, color=to_terminal, width=width, quiet=quiet)
    else:
        from unjam.analysis.output import render

        text = render(report, fmt)
    if output is None:
        _write_stdout(text)
        return
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(text, encoding="utf-8", errors="replace")  # (non-UTF-8 file names)
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
