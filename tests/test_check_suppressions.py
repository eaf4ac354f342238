"""`# unjam: ignore[...]` comments on the reported line or on the entry point's definition."""

from __future__ import annotations

from pathlib import Path

from check_support import make_finding

from unjam.analysis.suppressions import Suppressor, parse_suppressions, split_suppressed

HANDLER = """\
from fastapi import APIRouter, Depends

router = APIRouter()


@router.post("/invoice")
async def invoice_handler(  {entry_comment}
    producer: Producer = Depends(Producer),
):
    producer.send_message("x")
"""

QUEUE = """\
import boto3


class Queue:
    def send(self, body):
        return self.client.send_message(MessageBody=body)  {line_comment}
"""


def make_tree(tmp_path: Path, *, entry_comment: str = "", line_comment: str = "") -> Path:
    (tmp_path / "handler.py").write_text(HANDLER.format(entry_comment=entry_comment))
    (tmp_path / "queue.py").write_text(QUEUE.format(line_comment=line_comment))
    return tmp_path


def findings():
    return [
        make_finding("UJ001", path="queue.py", line=6, entry_path="handler.py", entry_line=7),
        make_finding("UJ005", path="queue.py", line=6, entry_path="handler.py", entry_line=7),
    ]


def codes(kept):
    return [f.code for f in kept]


def test_parse_finds_codes_and_ignores_strings():
    source = (
        'x = "# unjam: ignore[UJ001]"\ny = 1  # unjam: ignore[UJ001, uj005]\nz()  # unjam: ignore\n'
    )
    parsed = parse_suppressions(source)
    assert 1 not in parsed.lines
    assert parsed.covers(2, "UJ001") and parsed.covers(2, "UJ005")
    assert not parsed.covers(2, "UJ003")
    assert parsed.covers(3, "UJ004")


def test_no_comment_keeps_everything(tmp_path):
    kept, silenced = split_suppressed(findings(), make_tree(tmp_path))
    assert codes(kept) == ["UJ001", "UJ005"] and silenced == 0


def test_line_level_suppression_of_one_code(tmp_path):
    root = make_tree(tmp_path, line_comment="# unjam: ignore[UJ001]")
    kept, silenced = split_suppressed(findings(), root)
    assert codes(kept) == ["UJ005"] and silenced == 1


def test_line_level_suppression_of_several_codes(tmp_path):
    root = make_tree(tmp_path, line_comment="# unjam: ignore[UJ001,UJ005]")
    assert split_suppressed(findings(), root) == ([], 2)


def test_bare_ignore_suppresses_every_code_on_the_line(tmp_path):
    root = make_tree(tmp_path, line_comment="# unjam: ignore")
    assert split_suppressed(findings(), root) == ([], 2)


def test_entry_level_suppression_on_the_def_line(tmp_path):
    root = make_tree(tmp_path, entry_comment="# unjam: ignore[UJ001]")
    kept, silenced = split_suppressed(findings(), root)
    assert codes(kept) == ["UJ005"] and silenced == 1


def test_entry_level_suppression_on_the_decorator_when_entry_line_is_the_def(tmp_path):
    root = make_tree(tmp_path)
    handler = (root / "handler.py").read_text()
    (root / "handler.py").write_text(
        handler.replace('@router.post("/invoice")', '@router.post("/invoice")  # unjam: ignore')
    )
    assert split_suppressed(findings(), root) == ([], 2)


def test_a_comment_on_another_line_does_not_suppress(tmp_path):
    root = make_tree(tmp_path)
    handler = (root / "handler.py").read_text()
    (root / "handler.py").write_text(
        handler.replace('producer.send_message("x")', 'producer.send_message("x")  # unjam: ignore')
    )
    kept, _ = split_suppressed(findings(), root)
    assert codes(kept) == ["UJ001", "UJ005"]


def test_unused_suppressions_are_found(tmp_path):
    root = make_tree(tmp_path, line_comment="# unjam: ignore[UJ001,UJ003]")
    (root / "other.py").write_text("x = 1  # unjam: ignore\ny = 2  # unjam: ignore[UJ004]\n")
    suppressor = Suppressor(root)
    kept, silenced = split_suppressed(findings(), root, suppressor)
    assert codes(kept) == ["UJ005"] and silenced == 1
    unused = suppressor.unused(["handler.py", "queue.py", "other.py"], lambda c: c != "UJ004")
    assert [(u.path, u.line, u.codes) for u in unused] == [
        ("queue.py", 6, ("UJ003",)),  # UJ001 was used, UJ003 was not
        ("other.py", 1, ("*",)),  # UJ004 is not selected: not reported as unused
    ]
