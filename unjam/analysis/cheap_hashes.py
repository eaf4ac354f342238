"""Password hashes whose work factor, read from the call, is too small to stall the loop: the
cost of `hashlib.pbkdf2_hmac` grows with its iteration count and bcrypt's with the cost
factor its salt carries (2**rounds), so a constant count or factor this low (a short-lived
PIN's check, a test settings' `gensalt(rounds=4)`) hashes in about a millisecond, where the
defaults take tens to hundreds (callgraph_resolve.py leaves such calls out)."""

from __future__ import annotations

from unjam.analysis.constant_text import constant_number
from unjam.analysis.project import Func, Project
from unjam.analysis.summary import CallSite

_PBKDF2 = "hashlib.pbkdf2_hmac"
_BCRYPT_HASH = "bcrypt.hashpw"
CHEAP_HASHES = frozenset((_PBKDF2, _BCRYPT_HASH))
_FEW_ROUNDS = 5_000  # pbkdf2 iterations below this: about a millisecond of hashing or less
_FEW_BCRYPT_ROUNDS = 5  # a bcrypt cost factor this low or lower: 2**5 rounds
_GENSALT = ("ext", "bcrypt.gensalt")


def cheap_hash(project: Project, func: Func, site: CallSite, qn: str) -> bool:
    """Whether the call of `qn` (one of CHEAP_HASHES) hashes with a constant work factor
    below the threshold."""
    if qn == _PBKDF2:
        return _few_rounds(project, func, site)
    return qn == _BCRYPT_HASH and _cheap_salt(project, func, site)


def _few_rounds(project: Project, func: Func, site: CallSite) -> bool:
    """`hashlib.pbkdf2_hmac("sha256", password, salt, ROUNDS)` with a constant count."""
    ref = site.args[3] if len(site.args) > 3 else dict(site.kwargs).get("iterations")
    rounds = constant_number(project, func, ref) if ref is not None else None
    return rounds is not None and rounds < _FEW_ROUNDS


def _cheap_salt(project: Project, func: Func, site: CallSite) -> bool:
    """`bcrypt.hashpw(pw, bcrypt.gensalt(rounds=4))`, also through a local `salt`."""
    salt = site.args[1] if len(site.args) > 1 else dict(site.kwargs).get("salt")
    if salt is not None and salt[0] == "name":  # `salt = bcrypt.gensalt(rounds=4)` first
        made = func.fd.locals.get(salt[1], [])
        salt = made[0] if len(made) == 1 else None
    if salt is None or salt[0] != "call" or project.callee(func, salt[1]) != _GENSALT:
        return False
    ref = salt[2][0] if salt[2] else dict(salt[3]).get("rounds")
    rounds = constant_number(project, func, ref) if ref is not None else None
    return rounds is not None and rounds <= _FEW_BCRYPT_ROUNDS
