"""One spelling and one set of checks for the numbers every verb takes.

Durations are written as Go/vegeta durations (`10s`, `500ms`, `1m30s`) everywhere; a bare
number is read as seconds, so `run --duration 4` and `load -d 4` mean the same thing. Each
number is checked for being finite, positive and within what one machine can do, and the
message names the flag and the limit: a NaN rate or a zero timeout would otherwise reach
the scheduler and fail far from the cause (a traceback, a silent hang, memory without end).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from unjam.errors import UserError

DURATION_EXAMPLES = "e.g. 10s, 500ms, 1m30s, or a number of seconds"


def parse_seconds(
    text: str | float, flag: str, *, minimum: float = 0.0, maximum: float = math.inf
) -> float:
    """`10s`, `500ms`, `1m30s` or a bare number of seconds → seconds, checked.

    Raises `UserError` naming `flag` (exit 2)."""
    from unjam.load.gofmt import parse_duration

    try:
        seconds = text if isinstance(text, float | int) else parse_duration(str(text))
    except ValueError:
        raise UserError(f"{flag}: {text!r} is not a duration ({DURATION_EXAMPLES})") from None
    return check_number(seconds, flag, minimum=minimum, maximum=maximum, unit="s")


def check_number(
    value: float,
    flag: str,
    *,
    minimum: float = 0.0,
    maximum: float = math.inf,
    unit: str = "",
    why: str = "",
) -> float:
    """`value` if finite, > 0, >= minimum and <= maximum; else a one-line `UserError`."""
    shown = f"{_show(value)}{unit}"
    if not math.isfinite(value):
        raise UserError(f"{flag}: {value} is not a finite number")
    if value <= 0 or value < minimum:
        least = f"at least {_show(minimum)}{unit}" if minimum > 0 else "positive"
        raise UserError(f"{flag}: {shown} is too small; it must be {least}")
    if value > maximum:
        reason = f" ({why})" if why else ""
        raise UserError(f"{flag}: {shown} is above the limit of {_show(maximum)}{unit}{reason}")
    return value


def _show(value: float) -> str:
    """1000000 → '1,000,000'; 0.25 → '0.25'; 1e9 stays readable as '1,000,000,000'."""
    if math.isfinite(value) and value == int(value) and abs(value) < 1e15:
        return f"{int(value):,}"
    return f"{value:g}"


def duration_parser(
    flag: str, maximum: float = math.inf, *, scale: float = 1.0, unit_required: bool = False
) -> Callable[[str], float]:
    """A typer `parser=` for a duration option: the command body receives seconds × `scale`
    (1000 for an option whose body works in milliseconds). `unit_required`: a bare number
    is refused — for an option whose bare number used to mean milliseconds (`--slo 500`)."""

    def parse(text: str | float) -> float:
        if isinstance(text, float | int):
            return float(text)  # the declared default, already in the body's unit
        if unit_required and _is_number(text):
            raise UserError(f"{flag}: {text!r} needs a unit, e.g. 500ms or 2s")
        return parse_seconds(text, flag, maximum=maximum) * scale

    parse.__name__ = "duration"
    return parse


def number_parser(
    flag: str, maximum: float = math.inf, unit: str = "", *, zero: bool = False
) -> Callable[[str], float]:
    """A typer `parser=` for a positive (or, with `zero`, non-negative) finite number option
    (e.g. `--stall-threshold-ms`)."""

    def parse(text: str | float) -> float:
        try:
            value = float(text)
        except ValueError:
            raise UserError(f"{flag}: {text!r} is not a number") from None
        if zero and value == 0:
            return 0.0
        return check_number(value, flag, maximum=maximum, unit=unit)

    parse.__name__ = "number"
    return parse


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def parse_rate(text: str, flag: str = "--rate", maximum: float = math.inf) -> float:
    """`500`, `500/s`, `50/100ms`, `3000/1m` → requests per second (finite, positive)."""
    from unjam.load.gofmt import parse_duration

    count, _, per = str(text).partition("/")
    try:
        value = float(count)
        seconds = parse_duration(per if per[:1].isdigit() else f"1{per}") if per else 1.0
    except ValueError:
        raise UserError(f"{flag}: {text!r} is not a rate (e.g. 500 or 500/s or 50/100ms)") from None
    if not seconds > 0:
        raise UserError(f"{flag}: {text!r} divides by a zero time; write e.g. 10/1s")
    why = "more than one machine sends"
    return check_number(value / seconds, flag, maximum=maximum, unit="/s", why=why)


def rate_parser(flag: str, maximum: float) -> Callable[[str], float]:
    """A typer `parser=` for a rate option, spelled as `unjam load --rate` spells it (the
    caller names its limit: this module sits below the verbs and imports none of them)."""

    def parse(text: str | float) -> float:
        if isinstance(text, float | int):
            return float(text)
        return parse_rate(text, flag, maximum)

    parse.__name__ = "rate"
    return parse
