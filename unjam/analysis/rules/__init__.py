"""The rule registry: every code `unjam check` can emit, its name, severity and page.

Each rule lives in one family module beside its page — its `Rule` metadata and its logic
(`blocking.py`: UJ001/UJ002, `clients.py`: UJ003, `middleware.py`: UJ004, `threadpool.py`:
UJ005/UJ006); `precedence.py` says which finding hides which; the engine that runs them is
`unjam/analysis/rules_engine.py`. This module only collects the metadata needed to list,
select and describe rules. The pages (`UJxxx.md`) are the documentation users read through
`unjam rule CODE` and that SARIF embeds as each rule's help: keeping the prose in markdown
files rather than Python strings lets the same text serve the terminal, SARIF viewers and the
docs.
"""

from __future__ import annotations

from unjam.analysis.rules import blocking, clients, middleware, threadpool
from unjam.analysis.rules.rule import Rule, section

__all__ = ["RULES", "Rule", "codes_matching", "section"]

RULES: dict[str, Rule] = {
    rule.code: rule
    for family in (blocking, clients, middleware, threadpool)
    for rule in family.RULES
}


def codes_matching(prefix: str) -> list[str]:
    """Codes a selector names: `ALL`, a family prefix such as `UJ0`, or one full code."""
    prefix = prefix.strip().upper()
    if prefix == "ALL":
        return list(RULES)
    return [code for code in RULES if code.startswith(prefix)]
