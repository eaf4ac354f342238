"""Go's text conventions that vegeta's reports are made of: durations and tabwriter columns.

People diff `unjam load` output against `vegeta report` output, paste it into the same
spreadsheets and grep it with the same scripts, so the report must be byte-for-byte in
vegeta's shape. That shape comes from three Go facilities no Python library reproduces:

* `time.Duration.String()` — `1.996s`, `337.432µs`, `1m2.5s`, `0s`: the largest unit below
  one second, or `h`/`m`/`s` fields above it, fraction digits without trailing zeros;
* `Duration.Round(m)` — half away from zero — and vegeta's report rounding, which rounds a
  value to the unit one step finer than its own (seconds to ms, ms to µs, ...);
* `text/tabwriter` with padding 2 and space padding: a column is as wide as its widest cell
  within a run of consecutive lines that have that column, plus the padding.

Also here: parsing Go/vegeta-style duration flags (`5s`, `100ms`, `1m30s`).
"""

from __future__ import annotations

import re

NANOSECOND = 1
MICROSECOND = 1_000
MILLISECOND = 1_000_000
SECOND = 1_000_000_000
MINUTE = 60 * SECOND
HOUR = 60 * MINUTE

_UNITS_DESCENDING = (HOUR, MINUTE, SECOND, MILLISECOND, MICROSECOND, NANOSECOND)


def go_round(ns: int, multiple: int) -> int:
    """`time.Duration.Round`: to the nearest multiple, halves away from zero."""
    if multiple <= 0:
        return ns
    remainder = abs(ns) % multiple
    magnitude = abs(ns) - remainder
    if remainder + remainder >= multiple:
        magnitude += multiple
    return magnitude if ns >= 0 else -magnitude


def vegeta_round(ns: int) -> int:
    """Round to the unit one step finer than the value's own unit, as vegeta's reports do."""
    for index, unit in enumerate(_UNITS_DESCENDING[:-1]):
        if ns >= unit:
            return go_round(ns, _UNITS_DESCENDING[index + 1])
    return ns


def _fraction(value: int, digits: int) -> tuple[str, int]:
    """Split `value` into (".ddd" without trailing zeros or "", integer part)."""
    divisor = 10**digits
    whole, frac = divmod(value, divisor)
    if frac == 0:
        return "", whole
    text = str(frac).rjust(digits, "0").rstrip("0")
    return "." + text, whole


def go_duration(ns: int) -> str:
    """`time.Duration.String()` for an integer number of nanoseconds."""
    ns = int(ns)
    sign = "-" if ns < 0 else ""
    u = abs(ns)
    if u == 0:
        return "0s"
    if u < SECOND:
        if u < MICROSECOND:
            return f"{sign}{u}ns"
        if u < MILLISECOND:
            frac, whole = _fraction(u, 3)
            return f"{sign}{whole}{frac}µs"
        frac, whole = _fraction(u, 6)
        return f"{sign}{whole}{frac}ms"
    frac, seconds = _fraction(u, 9)
    minutes, seconds = divmod(seconds, 60)
    text = f"{seconds}{frac}s"
    if minutes:
        hours, minutes = divmod(minutes, 60)
        text = f"{minutes}m{text}"
        if hours:
            text = f"{hours}h{text}"
    return sign + text


def report_duration(ns: float | int) -> str:
    """A duration the way vegeta's text report prints it: rounded, then Go-formatted."""
    return go_duration(vegeta_round(round(ns)))


_DURATION_PART = re.compile(r"(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)")
_UNIT_NS = {
    "ns": 1,
    "us": MICROSECOND,
    "µs": MICROSECOND,
    "μs": MICROSECOND,
    "ms": MILLISECOND,
    "s": SECOND,
    "m": MINUTE,
    "h": HOUR,
}


def parse_duration(text: str) -> float:
    """`5s`, `250ms`, `1m30s` or a bare number of seconds → seconds. Raises ValueError."""
    text = text.strip()
    try:
        return float(text)
    except ValueError:
        pass
    pos = 0
    total = 0.0
    for match in _DURATION_PART.finditer(text):
        if match.start() != pos:
            break
        total += float(match.group(1)) * _UNIT_NS[match.group(2)] / SECOND
        pos = match.end()
    if pos != len(text) or not text:
        raise ValueError(f"not a duration: {text!r} (use e.g. 5s, 250ms, 1m30s)")
    return total


def tabwrite(text: str, padding: int = 2) -> str:
    """Align tab-terminated cells like Go's `tabwriter.NewWriter(w, 0, 8, padding, ' ', 0)`.

    A line's cells are its tab-terminated fields; the text after the last tab is not a cell
    and is never padded. Column k of a run of consecutive lines that all have a k-th cell is
    padded to the widest such cell plus `padding`; a line with fewer cells ends the run.
    """
    lines = [line.split("\t") for line in text.split("\n")]
    widths: list[int] = []
    out: list[str] = []

    def write_lines(start: int, stop: int) -> None:
        for index in range(start, stop):
            cells = lines[index]
            parts = []
            for column, cell in enumerate(cells):
                if column < len(widths) and column < len(cells) - 1:
                    parts.append(cell.ljust(widths[column]))
                else:
                    parts.append(cell)
            out.append("".join(parts))

    def format_block(line0: int, line1: int) -> int:
        column = len(widths)
        pos = line0
        this = line0
        while this < line1:
            if column >= len(lines[this]) - 1:
                this += 1
                continue
            write_lines(pos, this)
            block_start = this
            width = 0
            while this < line1 and column < len(lines[this]) - 1:
                width = max(width, len(lines[this][column]) + padding)
                this += 1
            widths.append(width)
            format_block(block_start, this)
            widths.pop()
            pos = this
        write_lines(pos, line1)
        return line1

    format_block(0, len(lines))
    return "\n".join(out)
