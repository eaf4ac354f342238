"""`[tool.unjam]` settings for `unjam check`, merged with command-line overrides.

Lookup follows ruff: the nearest `pyproject.toml` at or above the first checked path that has a
`[tool.unjam]` table (or the file named by `--config`). Rule selection follows ruff too:
`select`/`ignore` take codes or prefixes (`UJ0`, `ALL`), the most specific selector wins and
`ignore` wins a tie. Every bad value is a `UserError` naming the file, the key and what to write.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from unjam.analysis.discovery import DEFAULT_EXAMPLE_CODE, DEFAULT_TEST_CODE, DEFAULT_VENDORED
from unjam.analysis.rules import RULES, codes_matching
from unjam.errors import UserError

KNOWN_KEYS = {
    "select",
    "ignore",
    "extend-select",
    "exclude",
    "extend-exclude",
    "respect-gitignore",
    "blocking",
    "test-code",
    "example-code",
    "vendored",
    "max-file-size",
}
DEFAULT_SELECT = ("ALL",)
# Larger files are skipped with a diagnostic: the largest source file in the PyPI packages
# unjam's own environment installs is 4.7 MB (docs/check.md has the figures).
DEFAULT_MAX_FILE_SIZE = 10_000_000
_EXAMPLES = {
    "exclude": "tests/fixtures",
    "test-code": "tests",
    "example-code": "examples",
    "vendored": "thirdparty",
}
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(B|KB|MB|GB)?\s*$", re.IGNORECASE)
_UNITS = {"B": 1, "KB": 1_000, "MB": 1_000_000, "GB": 1_000_000_000}


@dataclass(frozen=True)
class CheckConfig:
    """Resolved settings. `base_dir` anchors `exclude` globs (the config file's directory)."""

    path: Path | None = None
    base_dir: Path = field(default_factory=Path.cwd)
    select: tuple[str, ...] = DEFAULT_SELECT
    ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    blocking: tuple[Mapping[str, Any], ...] = ()
    respect_gitignore: bool = True
    test_code: tuple[str, ...] = DEFAULT_TEST_CODE
    example_code: tuple[str, ...] = DEFAULT_EXAMPLE_CODE
    vendored: tuple[str, ...] = DEFAULT_VENDORED
    max_file_size: int | None = DEFAULT_MAX_FILE_SIZE

    def enabled(self, code: str) -> bool:
        return rule_enabled(code, self.select, self.ignore)

    @property
    def unserved(self) -> tuple[str, ...]:
        """What no app of the project serves: its tests and its example programs."""
        return self.test_code + self.example_code

    def enabled_codes(self) -> frozenset[str]:
        return frozenset(code for code in RULES if self.enabled(code))


def rule_enabled(code: str, select: Sequence[str], ignore: Sequence[str]) -> bool:
    """True when the longest selector matching `code` comes from `select` (ties: ignored)."""

    def best(selectors: Sequence[str]) -> int:
        lengths = [_specificity(s) for s in selectors if _matches(s, code)]
        return max(lengths, default=-1)

    chosen, dropped = best(select), best(ignore)
    return chosen >= 0 and chosen > dropped


def _matches(selector: str, code: str) -> bool:
    selector = selector.strip().upper()
    return selector == "ALL" or code.upper().startswith(selector)


def _specificity(selector: str) -> int:
    return 0 if selector.strip().upper() == "ALL" else len(selector.strip())


def find_pyproject(start: Path) -> Path | None:
    """The nearest pyproject.toml with a `[tool.unjam]` table, at or above `start`."""
    start = start.resolve()
    directory = start if start.is_dir() else start.parent
    for candidate_dir in (directory, *directory.parents):
        candidate = candidate_dir / "pyproject.toml"
        if candidate.is_file() and _unjam_table(candidate) is not None:
            return candidate
    return None


def load_config(
    start: Path,
    config_file: Path | None = None,
    *,
    select: Sequence[str] | None = None,
    extend_select: Sequence[str] = (),
    ignore: Sequence[str] = (),
    exclude: Sequence[str] = (),
    respect_gitignore: bool | None = None,
) -> CheckConfig:
    """Read the config for a check starting at `start`, then apply command-line overrides."""
    if config_file is not None:
        if not config_file.is_file():
            raise UserError(f"config file {config_file} does not exist; check the --config path")
        table = _unjam_table(config_file) or {}
        path: Path | None = config_file.resolve()
    else:
        path = find_pyproject(start)
        table = (_unjam_table(path) or {}) if path else {}
    where = str(path) if path else "the command line"
    base_dir = path.parent if path else Path.cwd()

    unknown = sorted(set(table) - KNOWN_KEYS)
    if unknown:
        raise UserError(
            f"{where}: unknown key {unknown[0]!r} in [tool.unjam]; "
            f"known keys: {', '.join(sorted(KNOWN_KEYS))}"
        )
    file_select = _codes(table, "select", where) or list(DEFAULT_SELECT)
    file_select += _codes(table, "extend-select", where)
    file_ignore = _codes(table, "ignore", where)
    file_exclude = _strings(table, "exclude", where) + _strings(table, "extend-exclude", where)
    blocking = _blocking(table, where)
    file_gitignore = table.get("respect-gitignore", True)
    if not isinstance(file_gitignore, bool):
        raise UserError(f"{where}: [tool.unjam] respect-gitignore must be true or false")
    test_code = (
        _strings(table, "test-code", where) if "test-code" in table else list(DEFAULT_TEST_CODE)
    )
    example_code = (
        _strings(table, "example-code", where)
        if "example-code" in table
        else list(DEFAULT_EXAMPLE_CODE)
    )
    vendored = _strings(table, "vendored", where) if "vendored" in table else list(DEFAULT_VENDORED)
    max_file_size = _size(table, "max-file-size", where)

    cli_select = _check_codes(select, "--select") if select else None
    cli_extend = _check_codes(extend_select, "--extend-select")
    cli_ignore = _check_codes(ignore, "--ignore")
    # Globs with a slash are anchored: file ones to the config's directory, command-line ones
    # to the current directory (as in ruff). Bare names match any file or directory name.
    cwd = Path.cwd()
    return CheckConfig(
        path=path,
        base_dir=base_dir,
        select=tuple((cli_select or file_select) + cli_extend),
        ignore=tuple(file_ignore + cli_ignore),
        exclude=tuple(_anchor(p, base_dir) for p in file_exclude)
        + tuple(_anchor(p, cwd) for p in exclude),
        blocking=tuple(blocking),
        respect_gitignore=file_gitignore if respect_gitignore is None else respect_gitignore,
        test_code=tuple(_anchor(p, base_dir) for p in test_code),
        example_code=tuple(_anchor(p, base_dir) for p in example_code),
        vendored=tuple(_anchor(p, base_dir) for p in vendored),
        max_file_size=max_file_size,
    )


def _size(table: Mapping[str, Any], key: str, where: str) -> int | None:
    """A size in bytes: an integer, or a string with a unit ("20MB"); 0 means no limit."""
    value = table.get(key, DEFAULT_MAX_FILE_SIZE)
    match = _SIZE.match(value) if isinstance(value, str) else None
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        size = value
    elif match is not None:
        size = int(float(match.group(1)) * _UNITS[(match.group(2) or "B").upper()])
    else:
        raise UserError(
            f'{where}: [tool.unjam] {key} must be a size such as "20MB" or a number of bytes '
            "(0: no limit)"
        )
    return size or None


def _anchor(pattern: str, base: Path) -> str:
    pattern = pattern.rstrip("/")
    return pattern if "/" not in pattern else str(base.resolve() / pattern)


def _unjam_table(pyproject: Path) -> dict[str, Any] | None:
    try:
        data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise UserError(f"{pyproject}: not valid TOML ({err}); fix the file") from None
    except UnicodeDecodeError:
        raise UserError(f"{pyproject}: not UTF-8 text, as TOML must be; fix the file") from None
    except OSError as err:
        raise UserError(f"{pyproject}: cannot read it ({err.strerror})") from None
    tool = data.get("tool", {})
    table = tool.get("unjam") if isinstance(tool, dict) else None
    if table is not None and not isinstance(table, dict):
        raise UserError(f"{pyproject}: [tool.unjam] must be a table")
    return table


def _strings(table: Mapping[str, Any], key: str, where: str) -> list[str]:
    value = table.get(key, [])
    if isinstance(value, str) or not isinstance(value, list):
        raise UserError(
            f"{where}: [tool.unjam] {key} must be a list of strings, "
            f'e.g. {key} = ["{_EXAMPLES.get(key, "UJ004")}"]'
        )
    for item in value:
        if not isinstance(item, str):
            raise UserError(f"{where}: [tool.unjam] {key} has a non-string item {item!r}")
    return list(value)


def _codes(table: Mapping[str, Any], key: str, where: str) -> list[str]:
    return _check_codes(_strings(table, key, where), f"{key} in {where}")


def _check_codes(selectors: Sequence[str], origin: str) -> list[str]:
    checked = []
    for raw in selectors:
        for selector in (part.strip() for part in raw.split(",")):
            if not selector:
                continue
            if not codes_matching(selector):
                raise UserError(
                    f"unknown rule code {selector!r} in {origin}; valid codes: "
                    f"{', '.join(RULES)} or a prefix such as UJ0 (list them with `unjam rule`)"
                )
            checked.append(selector.upper())
    return checked


def _blocking(table: Mapping[str, Any], where: str) -> list[Mapping[str, Any]]:
    value = table.get("blocking", [])
    if isinstance(value, dict):  # [tool.unjam.blocking] written as one table
        value = [value]
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise UserError(
            f"{where}: [tool.unjam] blocking must be an array of tables "
            "([[tool.unjam.blocking]] entries); see docs/check-catalogue.md"
        )
    if value:
        # Validate now, so a bad entry is reported with the file it came from.
        from unjam.analysis.catalogue import load_catalogue

        try:
            load_catalogue(value)
        except UserError as err:
            raise UserError(f"{where}: {err}") from None
    return value
