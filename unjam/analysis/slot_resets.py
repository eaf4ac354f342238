"""Dict-slot flags a caller sets back before calling the function that tests them:

    STATE["gtfs_ready"] = False          # in the upload route
    G = load_gtfs_if_needed()            # `if STATE["gtfs_ready"]: return STATE["gtfs"]`

The memo the function keeps behind that flag (rules/memo.py) is refilled on every such call,
not once per process. The summaries keep no record of item stores, so the caller's lines from
its `def` to the call are read — only for a function whose guard tests such a flag.

A caller that sets a memo's global back to None only in an `except` block (a fresh client
after a 401) refills it after each failure, not on every call: `on_error_only` reads its
lines too, as the summaries keep no place for the stores of a global. So does
`rearmed_on_error_only`, for a done-flag a function sets back to False only when it fails
(`except Exception: self._connected = False` in the `connect` that sets it): a memo still.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from unjam.analysis.def_text import body_lines
from unjam.analysis.source_lines import SourceLines

if TYPE_CHECKING:
    from unjam.analysis.project import Func, Project
    from unjam.analysis.summary import FuncDef

# `NAME["key"] = False` (or None, 0) on a line of its own, inside a block
_RESET = re.compile(
    r"[ \t]+([A-Za-z_]\w*)\[\s*(['\"])([^'\"\n]+)\2\s*\]\s*=\s*(?:False|None|0)\s*(?:#.*)?"
)


def slot_flag(subject: tuple) -> str | None:
    """`STATE["ready"]` as the text `slot_resets` gives for it, for a guard testing a
    constant key of a name; None for any other test."""
    if subject[0] != "sub" or subject[1][0] != "name" or len(subject[2]) != 1:
        return None
    key = subject[2][0]
    if key[0] != "const" or type(key[1]) is not str:
        return None
    return f"{subject[1][1]}[{key[1]!r}]"


class SlotResets:
    def __init__(self, project: Project, root: Path | None):
        self.project = project
        self.lines = SourceLines(root)
        self._rearmed_on_error: dict[str, bool] = {}  # see rearmed_on_error_only

    def before_calls(self, fd: FuncDef) -> frozenset[str]:
        """The flags of `fd`'s guards (`slot_flag`) a caller of `fd` (by name) sets back to
        False or None between its `def` and the call."""
        tested = {slot_flag(g.subject) for g in fd.guards} - {None}
        if not tested or self.lines.root is None:
            return frozenset()
        found: set[str] = set()
        for caller, site in self.project.sites_named(fd.name):
            if caller.fd is fd or site.line <= caller.fd.line:
                continue
            for text in self.lines.of(caller.mod.path)[caller.fd.line : site.line - 1]:
                reset = _RESET.fullmatch(text)
                if reset is not None:
                    found.add(f"{reset.group(1)}[{reset.group(3)!r}]")
        return frozenset(found & tested)

    def on_error_only(self, caller: Func, name: str) -> bool:
        """Whether each line of `caller` that sets the global `name` back to None or False
        stands in an `except` block (`except HTTPStatusError: … _client = None`, to make a
        fresh client after a 401): the memo is refilled after a failure, not per call. False
        when no such line is found in its text."""
        reset = re.compile(rf"\s*{re.escape(name)}\s*(?::[^=]+)?=\s*(?:None|False)\s*(?:#.*)?")
        return self._in_handlers_only(caller.mod.path, caller.fd.line, reset)

    def rearmed_on_error_only(self, flag: str, places: list[tuple[str, int]]) -> bool:
        """Whether each line of the functions at `places` that sets the flag `flag` back to
        False — an attribute of any object, or a global — stands in an `except` block
        (`except Exception: self._connected = False` in a `connect` the next call retries):
        the flag is re-armed after a failure, not for a new cycle. False when there are none."""
        known = self._rearmed_on_error.get(flag)
        if known is None:
            reset = re.compile(
                rf"\s*(?:[\w.]+\.)?{re.escape(flag)}\s*(?::[^=]+)?=\s*False\s*(?:#.*)?"
            )
            known = bool(places) and all(
                self._in_handlers_only(path, first, reset) for path, first in places
            )
            self._rearmed_on_error[flag] = known
        return known

    def _in_handlers_only(self, path: str, first: int, reset: re.Pattern) -> bool:
        """Whether the function whose `def` is line `first` of `path` has lines `reset`
        matches, each in an `except` block."""
        lines = self.lines.of(path)
        found = False
        for number in body_lines(lines, first) if 0 < first <= len(lines) else ():
            if reset.fullmatch(lines[number - 1]) is None:
                continue
            found = True
            headers = self.lines.enclosing(path, first, number)
            if not any(h.lstrip().startswith("except") for h in headers):
                return False
        return found
