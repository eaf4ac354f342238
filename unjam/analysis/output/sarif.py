"""`--format sarif`: SARIF 2.1.0 for code-scanning UIs (GitHub, GitLab, VS Code viewers).

Locations are relative URIs against the `ROOT` base id, which `originalUriBaseIds` maps to the
checked directory as an absolute `file://` URI. Each rule carries its full documentation page
as `help.markdown` (the same text as `unjam rule CODE`); there is no `helpUri` because unjam has
no documentation website, and a repository-relative path is not a valid absolute URI. The call
chain from the entry point to the blocking call is a `codeFlow`, which viewers show step by step.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from unjam import __version__
from unjam.analysis.output.report import (
    CheckReport,
    chain_text,
    diagnostic_line,
    diagnostic_message,
    display_column,
    group_of,
)
from unjam.analysis.rules import RULES, section
from unjam.model import Finding

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/os/schemas/sarif-schema-2.1.0.json"
LEVELS = {"error": "error", "warning": "warning", "info": "note"}
ROOT_ID = "ROOT"


def _location(path: str, line: int, column: int | None = None) -> dict[str, Any]:
    region: dict[str, Any] = {"startLine": max(line, 1)}
    if column is not None:
        region["startColumn"] = column
    return {
        "physicalLocation": {
            # (a file name that is not UTF-8: its raw bytes, percent-encoded)
            "artifactLocation": {
                "uri": quote(path, errors="surrogateescape"),
                "uriBaseId": ROOT_ID,
            },
            "region": region,
        }
    }


def _rule(code: str) -> dict[str, Any]:
    rule = RULES[code]
    page = rule.page
    fix = section(page, "Fix")
    return {
        "id": code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.what_it_does},
        "help": {"text": fix.split("\n\n")[0] if fix else rule.summary, "markdown": page},
        "defaultConfiguration": {"level": LEVELS[str(rule.severity)]},
        "properties": {"tags": ["performance", "asyncio", "fastapi"]},
    }


def _result(finding: Finding, rule_index: dict[str, int]) -> dict[str, Any]:
    text = f"{finding.message.rstrip('.')}. Fix: {finding.fix}" if finding.fix else finding.message
    steps = finding.chain or ()
    flow_locations = [
        {
            "location": {**_location(step.path, step.line), "message": {"text": step.name}},
            "nestingLevel": depth,
        }
        for depth, step in enumerate(steps)
    ]
    result: dict[str, Any] = {
        "ruleId": finding.code,
        "level": LEVELS.get(str(finding.severity), "warning"),
        "message": {"text": text},
        "locations": [
            _location(finding.location.path, finding.location.line, display_column(finding))
        ],
        "relatedLocations": [
            {
                "id": 0,
                **_location(finding.entry.path, finding.entry.line),
                "message": {"text": f"entry point {finding.entry.name} ({finding.entry.context})"},
            }
        ],
        "properties": {
            "kind": finding.kind,
            "blocksLoop": finding.blocks_loop,
            "blocker": finding.blocker,
            "entryContext": str(finding.entry.context),
            "route": finding.entry.route,
            "fix": finding.fix,
            "group": group_of(finding).id,
            "groupTitle": group_of(finding).title,
        },
    }
    if finding.code in rule_index:
        result["ruleIndex"] = rule_index[finding.code]
    if flow_locations:
        result["codeFlows"] = [
            {
                "message": {"text": chain_text(finding)},
                "threadFlows": [{"locations": flow_locations}],
            }
        ]
    return result


def report_to_sarif(report: CheckReport) -> dict[str, Any]:
    codes = list(RULES)
    rule_index = {code: index for index, code in enumerate(codes)}
    notifications = [
        {
            "level": "error",
            "message": {"text": diagnostic_message(path, reason)},
            "locations": [_location(path, diagnostic_line(reason))],
        }
        for path, reason in report.unparsed
    ]
    root_uri = report.root.resolve().as_uri().rstrip("/") + "/"
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "unjam",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "rules": [_rule(code) for code in codes],
                    }
                },
                "originalUriBaseIds": {ROOT_ID: {"uri": root_uri}},
                "invocations": [
                    {
                        "executionSuccessful": True,
                        "toolExecutionNotifications": notifications,
                    }
                ],
                "results": [_result(finding, rule_index) for finding in report.findings],
                "columnKind": "unicodeCodePoints",
            }
        ],
    }


def render_sarif(report: CheckReport) -> str:
    return json.dumps(report_to_sarif(report), indent=2, ensure_ascii=False) + "\n"
