"""Fallbacks a caller's object makes dead: `store or Store()` and `if store is None:` never
build a second one when the call hands over an object it surely has (a class's instance, or
what a function annotated `-> Store` returns)."""

import asyncio
import json
from pathlib import Path

from fastapi import Request


class PresetStore:
    def __init__(self) -> None:
        self.presets = json.loads(Path("presets.json").read_text())  # ok: built in a thread


class AuditLog(dict):
    def __init__(self) -> None:
        super().__init__(json.loads(Path("audit.json").read_text()))  # ok: built in a thread


class Ledger:
    def __init__(self) -> None:
        self.rows = Path("ledger.json").read_text()  # expect: UJ001


async def preset_store(request: Request) -> PresetStore:
    store = getattr(request.app.state, "presets", None)
    if store is None:
        store = await asyncio.to_thread(PresetStore)
        request.app.state.presets = store
    return store


async def audit_log(request: Request) -> AuditLog:
    log = getattr(request.app.state, "audit", None)
    if log is None:
        log = await asyncio.to_thread(AuditLog)
        request.app.state.audit = log
    return log


async def cached_ledger() -> Ledger | None:
    return None


def preset_names(store: PresetStore | None = None) -> list[str]:
    presets = store or PresetStore()
    return sorted(presets.presets)


def audit_size(log: AuditLog | None = None) -> int:
    if log is None:
        return len(AuditLog())
    return len(log)


def ledger_rows(ledger: Ledger | None = None) -> str:
    book = ledger or Ledger()  # the caller may hand over None: built on the loop then
    return book.rows


def preview(name: str, full: bool = False) -> bytes:
    return Path(name).read_bytes() if full else b""  # ok: every caller leaves `full` False
