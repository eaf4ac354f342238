"""Statements after an unconditional `return`/`raise`/`continue`/`break`, and the body of
`if False:` (or `if False and …:`), never run: both summarisers leave their calls out, and a `yield` among them
still makes a generator."""

from __future__ import annotations

import ast
import os

import pytest
from check_support import native_rows

from unjam.analysis.summarize import summarize

SOURCE = """\
def switched_off(path):
    data = load(path)
    return data
    rebuild(path)


def empty_rows():
    return
    yield


def nested_yield_is_not_ours():
    return
    def inner():
        yield


def switched_off_block(path):
    if False:
        debug_dump(path)
    elif 0:
        other_dump(path)
    else:
        saved(path)


def empty_by_hand():
    if False:
        yield


def loop(items):
    for item in items:
        if item:
            continue
            skipped(item)
        kept(item)


def disabled_by_hand(config):
    if False and config.get("enabled"):  # DISABLED
        send_ack(config)
    if config.get("beta") and 0:
        send_beta(config)
    if config.get("enabled") or False:
        send_live(config)
"""


def called(fd) -> set[str]:
    return {call.func[1] for call in fd.calls if call.func[0] == "name"}


def test_python_summariser_drops_the_dead_tail():
    mod = summarize(ast.parse(SOURCE), False)
    assert called(mod.funcs["switched_off"]) == {"load"}
    assert called(mod.funcs["loop"]) == {"kept"}
    assert called(mod.funcs["switched_off_block"]) == {"saved"}
    assert called(mod.funcs["disabled_by_hand"]) == {"send_live"}
    assert mod.funcs["empty_by_hand"].is_generator
    assert mod.funcs["empty_rows"].is_generator
    assert not mod.funcs["nested_yield_is_not_ours"].is_generator


@pytest.mark.skipif(os.environ.get("UNJAM_NATIVE") == "0", reason="UNJAM_NATIVE=0")
def test_native_summariser_agrees(tmp_path):
    path = tmp_path / "dead.py"
    path.write_text(SOURCE)
    native_rows([str(path)])
