"""`unjam check`'s options, declared once, and a typer-free parser for its plain arguments.

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

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path


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
