"""`unjam check` without typer: the command's body, and a parser for its plain arguments.

Why: typer builds a pydantic TypeAdapter for each of `check`'s parameters on every run,
which (with importing typer and pydantic) costs ~0.3 s — more than analysing a small
project. For the plain forms — flags, `--opt value`, `--opt=value`, `-o value`, paths, `--`
— `parse` gives the command exactly the values typer would; for anything else (`--help`, a
value typer would reject, an unknown or combined option, a value starting with `-`) it
returns None and the typer command parses as usual, with its own messages and exit codes.
Both read one declaration, `DECLARED`: command.py builds the typer command's parameters
from it, and tests/test_check_args.py checks that every option `unjam check --help` shows is
parsed identically by both.
"""

from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import NoReturn

from unjam.errors import ExitCode, UserError


class OutputFormat(StrEnum):
    text = "text"
    json = "json"
    sarif = "sarif"
    github = "github"


@dataclass(frozen=True)
class Option:
    """One option of `unjam check`, declared once: command.py builds the typer parameter from
    it, and `parse` reads it. `kind`: "flag" (True when given), "switch" (`--x/--no-x`, None
    unless given), "path", "format" (an `OutputFormat`), "list" (repeatable)."""

    param: str
    names: tuple[str, ...]  # a switch: (positive, negative)
    kind: str
    help: str


PATHS_HELP = "Files or directories to analyse (default: the current directory)."
# in the order of `run`'s parameters (typer lists them, and passes them, in this order)
DECLARED: tuple[Option, ...] = (
    Option(
        "output_format",
        ("--format", "--output-format"),
        "format",
        "Output format: text (for people), json (the public contract), sarif, github.",
    ),
    Option(
        "output", ("--output", "-o"), "path", "Write the report to this file instead of stdout."
    ),
    Option(
        "select",
        ("--select",),
        "list",
        "Rule codes or prefixes to report (e.g. UJ001, UJ00, ALL); replaces the config's "
        "select. Comma-separated or repeated.",
    ),
    Option(
        "extend_select",
        ("--extend-select",),
        "list",
        "Rule codes or prefixes to report in addition.",
    ),
    Option(
        "ignore",
        ("--ignore",),
        "list",
        "Rule codes or prefixes not to report (added to the config's).",
    ),
    Option(
        "exclude",
        ("--exclude",),
        "list",
        "Glob of files or directories to skip, in addition to the config's exclude.",
    ),
    Option(
        "respect_gitignore",
        ("--respect-gitignore", "--no-respect-gitignore"),
        "switch",
        "Skip files ignored by .gitignore inside a git repository (default: on).",
    ),
    Option(
        "config",
        ("--config",),
        "path",
        "The pyproject.toml whose tool.unjam table to read (default: the nearest one at or "
        "above the first path).",
    ),
    Option(
        "no_cache",
        ("--no-cache",),
        "flag",
        "Parse every file again instead of using .unjam-cache/.",
    ),
    Option(
        "cache_dir",
        ("--cache-dir",),
        "path",
        "Where to keep the parse cache (default: ROOT/.unjam-cache).",
    ),
    Option(
        "statistics",
        ("--statistics",),
        "flag",
        "Print the number of findings per rule instead of each one.",
    ),
    Option(
        "warn_unused_ignores",
        ("--warn-unused-ignores",),
        "flag",
        "Warn about `# unjam: ignore` comments that silence nothing (reads every file).",
    ),
    Option("quiet", ("--quiet", "-q"), "flag", "Print findings only: no summary, no warnings."),
    Option("exit_zero", ("--exit-zero",), "flag", "Exit 0 even when there are findings."),
    Option(
        "no_context",
        ("--no-context",),
        "flag",
        "Analyse the named paths alone, not with the rest of the project a path inside a "
        "package belongs to (finding paths are then relative to the named directory).",
    ),
)


def default_of(option: Option):
    """The value of an option not given."""
    return {"flag": False, "format": OutputFormat.text}.get(option.kind)


def _option_strings() -> dict[str, tuple[str, str]]:
    """Option string → (parameter, kind), a switch's negative form as kind "no"."""
    table: dict[str, tuple[str, str]] = {}
    for option in DECLARED:
        if option.kind == "switch":
            positive, negative = option.names
            table[positive] = (option.param, "flag")
            table[negative] = (option.param, "no")
        else:
            table.update((name, (option.param, option.kind)) for name in option.names)
    return table


OPTIONS = _option_strings()
_FORMATS = {f.value: f for f in OutputFormat}


def defaults() -> dict:
    """The parameters of a bare `unjam check`."""
    return {"paths": None, **{option.param: default_of(option) for option in DECLARED}}


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


def run_plain(args: list[str]) -> int | None:
    """`unjam check ARGS` without typer when the arguments are plain: its exit status, or None
    for typer to parse them. When the process is `unjam` itself, it ends here."""
    params = parse(args)
    if params is None:
        return None
    ending = _process_ends_after()
    if ending:
        import gc

        from unjam.analysis import engine

        engine.RETAIN_FOR_EXIT = []
        # and no cyclic GC either: a full collection would walk the millions of kept objects
        gc.disable()
    code = run(**params)
    if ending:
        _exit_now(code)
    return code


def _process_ends_after() -> bool:
    """Whether the program is the `unjam` command itself (the console script or `python -m
    unjam`, whose `__main__` runs `unjam.cli.main`) — not a caller running it in-process (the
    tests) — and no profiler or tracer (coverage) waits for the interpreter's exit."""
    program = getattr(sys.modules.get("__main__"), "main", None)
    return (
        getattr(program, "__module__", None) == "unjam.cli"
        and sys.getprofile() is None
        and sys.gettrace() is None
    )


def _exit_now(code: int) -> NoReturn:
    """Exit without the interpreter's teardown, which would free every object the analysis
    kept (engine.RETAIN_FOR_EXIT) one by one — ~0.4 s on a large project, for nothing (mypy
    exits the same way). The check path registers no exit handlers; output is flushed here."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)


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
