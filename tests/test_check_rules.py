"""Every rule code has a page in the agreed shape, and the registry agrees with it."""

from __future__ import annotations

import re

import pytest

from unjam.analysis.rules import RULES, codes_matching, section

SECTIONS = ("What it does", "Why is this bad?", "Example", "Fix")


def test_the_agreed_codes_exist():
    assert list(RULES) == ["UJ001", "UJ002", "UJ003", "UJ004", "UJ005", "UJ006"]
    assert codes_matching("uj00") == list(RULES)
    assert codes_matching("ALL") == list(RULES)
    assert codes_matching("UJ1") == []


@pytest.mark.parametrize("code", list(RULES))
def test_page_shape(code):
    rule = RULES[code]
    page = rule.page
    assert page.splitlines()[0] == f"# {rule.name} ({code})"
    assert f"Severity: **{rule.severity}**" in page
    headings = re.findall(r"^## (.+)$", page, flags=re.MULTILINE)
    assert headings[: len(SECTIONS)] == list(SECTIONS)
    for title in SECTIONS:
        assert len(section(page, title)) > 80, title
    assert "```python" in section(page, "Example")  # a realistic example, not prose only
    assert rule.what_it_does and "\n" not in rule.what_it_does
