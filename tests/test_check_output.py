"""`unjam check` output formats, rendered from hand-built findings (no engine involved)."""

from __future__ import annotations

import json
import re

import pytest
from check_support import WEBHOOK, make_finding, webhook_findings

from unjam.analysis.output import CheckReport, chain_text, render
from unjam.analysis.output.github import escape_data, escape_property
from unjam.analysis.output.text import render_statistics, render_text
from unjam.analysis.rules import RULES
from unjam.model import Severity


@pytest.fixture
def report() -> CheckReport:
    return CheckReport(
        root=WEBHOOK,
        findings=tuple(webhook_findings()),
        files=9,
        unparsed=(("billing/new_syntax.py", "invalid syntax (line 3)"),),
        seconds=0.0512,
    )


# --- JSON: the public contract ------------------------------------------------------------

FINDING_TYPES = {
    "code": str,
    "kind": str,
    "blocks_loop": bool,
    "severity": str,
    "path": str,
    "line": int,
    "column": int,
    "message": str,
    "blocker": str,
    "entry": dict,
    "chain": list,
    "fix": str,
    "group": dict,
}


def test_json_has_exactly_the_contract_keys_and_types(report):
    data = json.loads(render(report, "json"))
    assert set(data) == {"version", "summary", "findings", "unparsed"}
    assert data["version"] == 1
    assert data["summary"] == {
        "files": 9,
        "unparsed": 1,
        "findings": 3,
        "groups": 3,
        "seconds": 0.051,
    }
    assert isinstance(data["summary"]["seconds"], float)
    for finding in data["findings"]:
        assert set(finding) == set(FINDING_TYPES)
        for key, expected in FINDING_TYPES.items():
            assert type(finding[key]) is expected, key
        assert finding["severity"] in {"error", "warning", "info"}
        assert set(finding["entry"]) == {"name", "path", "line", "context", "route"}
        assert set(finding["group"]) == {"id", "title"}
        assert finding["entry"]["route"] is None or isinstance(finding["entry"]["route"], str)
        for step in finding["chain"]:
            assert set(step) == {"name", "path", "line"}
            assert isinstance(step["line"], int)


def test_json_findings_and_unparsed_carry_the_values(report):
    data = json.loads(render(report, "json"))
    first = data["findings"][0]
    assert (first["code"], first["path"], first["line"], first["column"]) == (
        "UJ001",
        "aws/sqs/queue.py",
        18,
        16,
    )
    assert first["blocks_loop"] is True
    assert first["entry"]["route"] == "POST /webhooks/invoice"
    assert first["chain"][0]["name"] == "invoice_handler"
    assert data["unparsed"] == [
        {"path": "billing/new_syntax.py", "line": 3, "reason": "invalid syntax (line 3)"}
    ]


def test_json_of_a_clean_run_is_still_the_full_document():
    data = json.loads(render(CheckReport(root=WEBHOOK, findings=(), files=2), "json"))
    assert data["findings"] == [] and data["summary"]["findings"] == 0
    assert data["summary"]["unparsed"] == 0


# --- SARIF --------------------------------------------------------------------------------


def test_sarif_has_the_required_fields(report):
    sarif = json.loads(render(report, "sarif"))
    assert sarif["version"] == "2.1.0"
    assert sarif["$schema"].startswith("https://")
    (run,) = sarif["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "unjam"
    assert [rule["id"] for rule in driver["rules"]] == list(RULES)
    for rule in driver["rules"]:
        assert rule["shortDescription"]["text"]
        assert rule["fullDescription"]["text"]
        assert "## What it does" in rule["help"]["markdown"]
        assert rule["help"]["text"]
        assert "helpUri" not in rule  # no website to point at; the page is embedded instead
        assert rule["defaultConfiguration"]["level"] in {"error", "warning", "note"}
    base = run["originalUriBaseIds"]["ROOT"]["uri"]
    assert base.startswith("file:///") and base.endswith("/")
    assert len(run["results"]) == 3
    for result in run["results"]:
        assert result["ruleId"] in RULES
        assert driver["rules"][result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["level"] in {"error", "warning", "note"}
        assert result["message"]["text"]
        (location,) = result["locations"]
        physical = location["physicalLocation"]
        assert physical["artifactLocation"]["uriBaseId"] == "ROOT"
        assert not physical["artifactLocation"]["uri"].startswith("/")
        assert physical["region"]["startLine"] >= 1
        assert physical["region"]["startColumn"] >= 1


def test_sarif_levels_code_flow_and_unparsed_notification(report):
    run = json.loads(render(report, "sarif"))["runs"][0]
    assert [r["level"] for r in run["results"]] == ["error", "warning", "note"]
    flow = run["results"][0]["codeFlows"][0]["threadFlows"][0]["locations"]
    names = [step["location"]["message"]["text"] for step in flow]
    assert names == ["invoice_handler", "Producer.send_message", "SqsSimpleQueue.send_message"]
    last = flow[-1]["location"]["physicalLocation"]
    assert last["artifactLocation"]["uri"] == "aws/sqs/queue.py"
    assert last["region"]["startLine"] == 18
    (note,) = run["invocations"][0]["toolExecutionNotifications"]
    assert "billing/new_syntax.py" in note["message"]["text"] and note["level"] == "error"
    assert note["locations"][0]["physicalLocation"]["region"]["startLine"] == 3


# --- GitHub annotations -------------------------------------------------------------------

ANNOTATION = re.compile(
    r"^::(error|warning|notice) file=([^,]+),line=(\d+),col=(\d+),title=([^:]+)::(.+)$"
)


def test_github_annotations_syntax(report, monkeypatch):
    monkeypatch.chdir(WEBHOOK.parent.parent)  # the repository root, as in a workflow
    lines = render(report, "github").splitlines()
    assert len(lines) == 4
    matches = [ANNOTATION.match(line) for line in lines[:3]]
    assert all(matches), lines
    levels = [m.group(1) for m in matches]
    assert levels == ["error", "warning", "notice"]
    first = matches[0]
    assert first.group(2) == "examples/webhook/aws/sqs/queue.py"  # relative to the checkout
    assert (first.group(3), first.group(4)) == ("18", "16")
    assert first.group(5) == "UJ001 blocking-call-on-loop"
    assert "%0Avia POST /webhooks/invoice" in first.group(6)
    assert "\n" not in first.group(6)
    assert lines[3].startswith("::error file=examples/webhook/billing/new_syntax.py,line=3,")


def test_github_escaping():
    assert escape_data("50%\nnext\r") == "50%25%0Anext%0D"
    assert escape_property("a:b,c") == "a%3Ab%2Cc"


# --- text ---------------------------------------------------------------------------------


def test_text_says_once_what_an_unread_prefix_in_a_route_is(report):
    assert "a router prefix known only when the app runs" not in render_text(report)
    unread = CheckReport(
        root=WEBHOOK,
        findings=(make_finding(route="POST …/webhooks/invoice"),),
        files=1,
        seconds=0.01,
    )
    text = render_text(unread, width=200)
    assert "(POST …/webhooks/invoice)" in text or "via POST …/webhooks/invoice" in text
    assert text.count("a router prefix known only when the app runs") == 1


def test_text_shows_location_code_chain_snippet_fix_and_summary(report):
    text = render_text(report, width=200)
    assert "\x1b[" not in text  # no colours when not on a terminal
    lines = text.splitlines()
    assert lines[0] == (
        "aws/sqs/queue.py:18:16: UJ001 [network] boto3 client call `send_message` blocks the "
        "event loop"
    )
    assert lines[1] == "  via " + chain_text(report.findings[0])
    assert "→ Producer.send_message (billing/sqs/invoice.py:17) →" in lines[1]
    snippet = next(line for line in lines if line.strip().startswith("18 |"))
    assert "self.client.send_message(" in snippet
    caret = lines[lines.index(snippet) + 1]
    assert caret.index("^") == snippet.index("self.client")  # column 16, 1-based
    assert "  fix: use aiobotocore, or `await run_in_threadpool(...)`" in lines
    assert (
        "billing/new_syntax.py:3: error: billing/new_syntax.py was not analysed: invalid syntax "
        "(line 3)"
    ) in lines
    assert (
        "Found 3 findings (1 error, 1 warning, 1 info) in 9 files in 0.05s; 1 of them could not "
        "be analysed (listed above)."
    ) in lines


def test_text_puts_one_hop_per_line_when_the_chain_is_long(report):
    lines = render_text(report, width=80).splitlines()
    assert lines[1] == "  via POST /webhooks/invoice"
    assert lines[2] == "      → invoice_handler (billing/routers/webhooks/invoice.py:14)"


def test_text_for_a_clean_run_and_colour_on_request():
    clean = CheckReport(root=WEBHOOK, findings=(), files=1, seconds=0.01, suppressed=2)
    assert render_text(clean).strip() == (
        "All checks passed: no findings in 1 file in 0.01s (2 suppressed)."
    )
    coloured = render_text(
        CheckReport(root=WEBHOOK, findings=(make_finding(),), files=1), color=True
    )
    assert "\x1b[" in coloured


def test_text_quiet_has_findings_only(report):
    text = render_text(report, quiet=True)
    assert "UJ001" in text and "Found" not in text
    assert "new_syntax.py:3: error:" in text  # a file diagnostic decides the exit status


def test_statistics_counts_per_code(report):
    doubled = CheckReport(
        root=WEBHOOK,
        findings=(*report.findings, make_finding(line=17, severity=Severity.ERROR)),
        files=9,
    )
    lines = render_statistics(doubled).splitlines()
    assert lines[0].split() == ["2", "UJ001", "error", "blocking-call-on-loop"]
    assert [line.split()[1] for line in lines[:3]] == ["UJ001", "UJ003", "UJ004"]
    assert lines[-1].startswith("Found 4 findings")


def test_text_drops_a_message_suffix_that_repeats_the_chain():
    finding = make_finding(
        message="`send_message` blocks the event loop, via Producer.send_message"
    )
    head = render_text(CheckReport(root=WEBHOOK, findings=(finding,), files=1)).splitlines()[0]
    assert head.endswith("UJ001 [network] `send_message` blocks the event loop")


def test_text_keeps_the_also_reached_note_when_dropping_the_via_part():
    finding = make_finding(
        message="`send_message` blocks the event loop: reached from `invoice_handler` via "
        "Producer.send_message → … 2 more … (also reached from 3 other entry points)"
    )
    head = render_text(CheckReport(root=WEBHOOK, findings=(finding,), files=1)).splitlines()[0]
    assert head.endswith(
        "blocks the event loop: reached from `invoice_handler` (also reached from 3 other "
        "entry points)"
    )


# --- groups -------------------------------------------------------------------------------


def _grouped_report() -> CheckReport:
    from dataclasses import replace

    from unjam.model import FindingGroup

    group = FindingGroup("UJ002-abc", "sync `warm` blocks the loop at start-up", 1, "thread it")
    members = [
        replace(make_finding("UJ002", line=line, severity=Severity.WARNING), group=group)
        for line in (17, 18, 19)
    ]
    alone = make_finding("UJ001", path="billing/main.py", line=11)
    return CheckReport(root=WEBHOOK, findings=(*members, alone), files=9, seconds=0.01)


def test_text_leads_with_groups_folding_their_members():
    lines = render_text(_grouped_report(), width=200).splitlines()
    # the error's group of one comes first (most severe), rendered as before
    assert lines[0].startswith("billing/main.py:11:16: UJ001 [network]")
    head = next(i for i, line in enumerate(lines) if line.startswith("UJ002 "))
    assert lines[head] == (
        "UJ002 sync `warm` blocks the loop at start-up [3 findings, 1 entry point; group UJ002-abc]"
    )
    assert lines[head + 1] == "  fix: thread it"
    assert lines[head + 2].startswith("  aws/sqs/queue.py:17:16: UJ002 [network]")
    folded = lines.index("  also in this group:")
    assert lines[folded + 1 : folded + 3] == [
        "    aws/sqs/queue.py:18:16: `botocore.client.BaseClient.send_message` [network]",
        "    aws/sqs/queue.py:19:16: `botocore.client.BaseClient.send_message` [network]",
    ]
    assert lines[-2].startswith("Found 4 findings from 2 root causes (1 error, 3 warnings)")


def test_every_format_names_the_group():
    report = _grouped_report()
    data = json.loads(render(report, "json"))
    assert data["summary"]["groups"] == 2
    assert [f["group"]["id"] for f in data["findings"]][:3] == ["UJ002-abc"] * 3
    assert data["findings"][3]["group"]["id"] != "UJ002-abc"  # a finding without: its own
    sarif = json.loads(render(report, "sarif"))
    props = sarif["runs"][0]["results"][0]["properties"]
    assert props["group"] == "UJ002-abc" and props["groupTitle"].startswith("sync `warm`")
    assert "%0Agroup: sync `warm` blocks" in render(report, "github").splitlines()[0]
