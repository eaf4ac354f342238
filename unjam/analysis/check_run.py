"""`unjam check`'s body, without typer: run by the typer command (command.py) and, for plain
arguments (`check_args.parse`), straight from `unjam.cli` — where, when unjam is the program
itself, it also ends the process (`run_plain`).
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import NoReturn

from unjam.analysis.check_args import OutputFormat, parse
from unjam.errors import ExitCode, UserError


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
