"""Findings grouped by root cause: what a user fixes once.

The rules know why they report a finding — the blocking call site or the sync function that
brings the block onto the loop, the sync dependency, the lifespan call, the app — and hand
that over as a `Root`. This module only turns roots into `FindingGroup`s: a stable id (a
digest of the root's key, so the same code gives the same id on every run and machine), a
title, and how many routes or entry points the group reaches (the union over its members).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace

from unjam.model import Finding, FindingGroup


@dataclass(frozen=True)
class Root:
    """A finding's root cause as a rule states it."""

    key: tuple  # identity: findings with equal (code, key) share a group
    title: str
    affects: frozenset[str] = frozenset()  # route labels / entry names it reaches
    fix: str = ""
    # the title when the same root also has a group without this one's last key part (its
    # first-call stalls beside its per-request blocks: "also blocks ... on the first call only")
    beside: str = ""


def group_id(code: str, key: tuple) -> str:
    digest = hashlib.blake2b(repr(key).encode(), digest_size=5).hexdigest()
    return f"{code}-{digest}"


def default_root(finding: Finding) -> Root:
    """A group of one: the finding's own place."""
    loc = finding.location
    entry = finding.entry.route or finding.entry.name
    return Root(
        ("at", loc.path, loc.line, loc.column, finding.blocker),
        f"`{finding.blocker}` at {loc.path}:{loc.line}",
        frozenset([entry]),
    )


def assign_groups(findings: list[Finding], roots: list[Root | None]) -> list[Finding]:
    """`findings` with their `group` set; `roots[i]` is finding i's root (None: its own)."""
    merged: dict[tuple, tuple[Root, set[str]]] = {}
    keyed = []
    for finding, root in zip(findings, roots, strict=True):
        root = root or default_root(finding)
        key = (finding.code, root.key)
        _first, affects = merged.setdefault(key, (root, set()))
        affects |= root.affects
        keyed.append(key)
    groups = {
        key: FindingGroup(
            group_id(key[0], key[1]), _title(root, key, merged), max(len(affects), 1), root.fix
        )
        for key, (root, affects) in merged.items()
    }
    return [replace(f, group=groups[key]) for f, key in zip(findings, keyed, strict=True)]


def _title(root: Root, key: tuple, merged: dict) -> str:
    """The group's title: `beside` where its unqualified sibling group is printed too."""
    return root.beside if root.beside and (key[0], root.key[:-1]) in merged else root.title
