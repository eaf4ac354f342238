"""Which finding hides which: one pass over every rule's findings, after all rules ran.

A rule reports what it sees without asking what the others reported. Where two rules see
the same line from different angles, one finding says it better, and the other is dropped
here — so no rule depends on the order the rules run in.

A finding carries a tag: its code, or `code/variant` for one of a rule's kinds of finding
(`UJ003/network`: a dependency's network call, as opposed to a client it constructs). A row
`(hidden, by, why)` drops every finding whose tag or code is `hidden` when a finding whose
tag or code is in `by` stands on the same line of the same file. The rows apply in order, a
finding dropped by one row hides nothing in the later rows.
"""

from __future__ import annotations

PRECEDENCE: tuple[tuple[str, tuple[str, ...], str], ...] = (
    (
        "UJ002",
        ("UJ001",),
        "a call that blocks requests is reported as that, not again as a start-up stall",
    ),
    (
        "UJ002/shutdown",
        ("UJ002/start-up",),
        "a call lifespan reaches both before and after its `yield` is reported at start-up",
    ),
    (
        "UJ003/network",
        ("UJ001",),
        "a dependency's network call that blocks requests on the loop is reported as that "
        "(a start-up stall on the same line says nothing of requests: both stand)",
    ),
    (
        "UJ005/network",
        ("UJ001", "UJ003"),
        "a network call already reported as blocking requests or as per-request work is not "
        "reported again for the thread-pool token it holds",
    ),
)


def _named(tag: str, name: str) -> bool:
    """Whether a row's `name` (a code, or a code/variant) covers a finding's `tag`."""
    return tag == name or tag.partition("/")[0] == name


def kept(
    places: list[tuple[str, str, int]],
    table: tuple[tuple[str, tuple[str, ...], str], ...] | None = None,
) -> list[bool]:
    """For findings given as (tag, path, line): which stay after `table` (PRECEDENCE)."""
    keep = [True] * len(places)
    for hidden, by, _why in PRECEDENCE if table is None else table:
        hiders = {
            (path, line)
            for i, (tag, path, line) in enumerate(places)
            if keep[i] and any(_named(tag, name) for name in by)
        }
        if not hiders:
            continue
        for i, (tag, path, line) in enumerate(places):
            if keep[i] and _named(tag, hidden) and (path, line) in hiders:
                keep[i] = False
    return keep
