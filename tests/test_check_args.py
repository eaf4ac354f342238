"""`unjam check`'s typer-free argument parser (`check_args`) against typer itself.

The shortcut must give the command exactly the values typer gives it, and hand every other
command line back to typer (which then prints its own usage errors)."""

from __future__ import annotations

import inspect
import re
from enum import Enum

import pytest
import typer.main

from unjam import cli
from unjam.analysis import check_args, check_run

PARAMS = list(inspect.signature(check_run.run).parameters)

PLAIN = [
    [],
    ["src"],
    ["a.py", "b", "--format", "json"],
    ["--format=SARIF", "--output", "out/report.sarif", "."],
    ["-o", "r.txt", "-q", "--statistics", "--exit-zero"],
    ["--select", "UJ001,UJ002", "--select", "UJ003", "--ignore", "UJ006", "--exclude", "x/*"],
    ["--extend-select=UJ00", "--respect-gitignore", "--no-respect-gitignore", "app"],
    ["--config", "pyproject.toml", "--no-cache", "--cache-dir", "/tmp/c", "--warn-unused-ignores"],
    ["--output-format", "github", "--quiet", "--", "-odd-name.py", "--format"],
    ["-", "p"],
]
NOT_PLAIN = [
    ["--help"],
    ["-h"],
    ["--format", "xml"],
    ["--format"],
    ["--output", "--quiet"],
    ["-qo", "file"],
    ["-ofile"],
    ["--no-cache=1"],
    ["--frobnicate"],
    [""],
    ["--format=ｊｓｏｎ"],
]


def typer_values(monkeypatch, args: list[str]) -> dict:
    """What typer hands the command for `unjam check ARGS`."""
    seen: dict = {}

    def record(**values):
        assert list(values) == PARAMS
        seen.update(values)
        return 0

    monkeypatch.setattr(check_run, "run", record)
    cli.build_app()(["check", *args], standalone_mode=False)
    return seen


@pytest.mark.parametrize("args", PLAIN, ids=" ".join)
def test_plain_arguments_parse_as_typer_parses_them(monkeypatch, args):
    parsed = check_args.parse(args)
    assert parsed is not None
    assert parsed == typer_values(monkeypatch, args)


@pytest.mark.parametrize("args", NOT_PLAIN, ids=" ".join)
def test_other_arguments_are_left_to_typer(args):
    assert check_args.parse(args) is None


def test_the_option_table_matches_the_typer_declaration():
    command = typer.main.get_command(cli.build_app()).commands["check"]
    declared = {}
    for param in command.params:
        if param.name == "paths":
            continue
        for opt in param.opts:
            if param.is_flag:
                kind = "flag"
            elif param.multiple:
                kind = "list"
            elif param.name == "output_format":
                kind = "format"
            else:
                kind = "path"
            declared[opt] = (param.name, kind)
        for opt in param.secondary_opts:
            declared[opt] = (param.name, "no")
    assert declared == check_args.OPTIONS
    assert [p.name for p in command.params] == PARAMS


def _help_options() -> list[str]:
    """The option strings `unjam check --help` shows (its own `--help`/`-h` aside)."""
    import io
    from contextlib import redirect_stdout

    out = io.StringIO()
    wide = pytest.MonkeyPatch()
    wide.setenv("COLUMNS", "400")  # one line per option
    try:
        with redirect_stdout(out), pytest.raises(SystemExit):
            cli.build_command().main(["check", "--help"], prog_name="unjam")
    finally:
        wide.undo()
    text = out.getvalue()
    found = re.findall(r"(?<![\w-])(--?[a-z][a-z-]*)", text)
    return sorted({opt for opt in found if opt not in ("--help", "-h")})


def test_the_help_shows_every_option_the_fast_parser_knows():
    assert _help_options() == sorted(check_args.OPTIONS)


@pytest.mark.parametrize("option", _help_options())
def test_every_option_in_the_help_is_parsed_as_typer_parses_it(monkeypatch, option):
    command = typer.main.get_command(cli.build_app()).commands["check"]
    param = next(p for p in command.params if option in (*p.opts, *p.secondary_opts))
    if param.is_flag:
        args = [option, "src"]
    else:
        kind = param.type_descriptor.annotation
        enum = isinstance(kind, type) and issubclass(kind, Enum)
        value = list(kind)[-1].value if enum else "UJ001,x/y"
        args = [option, value, "src"]
    parsed = check_args.parse(args)
    assert parsed is not None, f"{option}: the fast parser hands it to typer"
    assert parsed == typer_values(monkeypatch, args)
    assert parsed != check_args.defaults()
