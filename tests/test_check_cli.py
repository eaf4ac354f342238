"""`unjam check` and `unjam rule` from the command line: options, exit codes, errors.

Most tests run the CLI in-process (fast) with a fake engine, to pin the front end's own
behaviour; the `real engine` tests at the bottom run the actual analyzer on the bundled
example and on small apps written to tmp_path.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from check_support import WEBHOOK, install_fake_engine, make_finding, webhook_findings

from unjam import cli
from unjam.analysis.rules import RULES


def run(capsys, monkeypatch, *args: str, cwd: Path | None = None) -> tuple[int, str, str]:
    if cwd is not None:
        monkeypatch.chdir(cwd)
    monkeypatch.setattr(sys, "argv", ["unjam", *args])
    with pytest.raises(SystemExit) as exited:
        cli.main()
    out, err = capsys.readouterr()
    return int(exited.value.code or 0), out, err


def write_app(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return root


@pytest.fixture
def webhook_copy(tmp_path) -> Path:
    """A findings-shaped tree (sources for snippets and suppressions) the tests may edit."""
    for source in WEBHOOK.rglob("*.py"):
        target = tmp_path / "svc" / source.relative_to(WEBHOOK)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(source.read_text())
    return tmp_path / "svc"


# --- unjam rule ---------------------------------------------------------------------------


def test_rule_without_a_code_lists_every_rule(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "rule")
    assert code == 0
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == list(RULES)
    assert lines[0].split()[1:3] == ["blocking-call-on-loop", "error"]


def test_rule_prints_the_page(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "rule", "uj003")
    assert code == 0
    assert out.startswith("# per-request-client (UJ003)")
    for heading in ("## What it does", "## Why is this bad?", "## Example", "## Fix"):
        assert heading in out


def test_unknown_rule_exits_2_with_the_valid_codes(capsys, monkeypatch):
    code, out, err = run(capsys, monkeypatch, "rule", "UJ999")
    assert code == 2 and out == ""
    assert err.strip() == (
        "unjam: error: unknown rule code 'UJ999'; valid codes: UJ001, UJ002, UJ003, UJ004, "
        "UJ005, UJ006 (run `unjam rule` to list them)"
    )


# --- errors: exit 2 or 3, one line ---------------------------------------------------------


def test_nonexistent_path_exits_3(capsys, monkeypatch, tmp_path):
    code, out, err = run(capsys, monkeypatch, "check", str(tmp_path / "nope"))
    assert code == 3 and out == ""
    assert err.count("\n") == 1 and "nope does not exist" in err


def test_bad_config_exits_2_naming_the_file(capsys, monkeypatch, tmp_path):
    write_app(tmp_path, {"pyproject.toml": '[tool.unjam]\nignore = "UJ004"\n', "main.py": ""})
    code, _, err = run(capsys, monkeypatch, "check", str(tmp_path))
    assert code == 2
    assert f"{tmp_path / 'pyproject.toml'}: [tool.unjam] ignore must be a list" in err


def test_unknown_selected_code_exits_2(capsys, monkeypatch, tmp_path):
    write_app(tmp_path, {"main.py": ""})
    code, _, err = run(capsys, monkeypatch, "check", "--select", "UJ001,UJ777", str(tmp_path))
    assert code == 2
    assert "unknown rule code 'UJ777' in --select" in err and "unjam rule" in err


def test_bad_format_is_a_usage_error(capsys, monkeypatch, tmp_path):
    code, _, _ = run(capsys, monkeypatch, "check", "--format", "xml", str(tmp_path))
    assert code == 2


def test_an_engine_crash_is_an_internal_error_not_a_traceback(capsys, monkeypatch, tmp_path):
    install_fake_engine(monkeypatch, [])

    def explode(*args, **kwargs):
        raise KeyError("boom")

    monkeypatch.setattr(sys.modules["unjam.analysis.engine"], "analyze", explode)
    monkeypatch.delenv("UNJAM_DEBUG", raising=False)
    write_app(tmp_path, {"main.py": ""})
    code, _, err = run(capsys, monkeypatch, "check", str(tmp_path))
    assert code == 2
    assert "internal error: KeyError" in err and "Traceback" not in err


# --- the front end around a fake engine ---------------------------------------------------


def test_findings_exit_1_and_exit_zero_exits_0(capsys, monkeypatch, webhook_copy):
    install_fake_engine(monkeypatch, webhook_findings())
    code, out, _ = run(capsys, monkeypatch, "check", str(webhook_copy))
    assert code == 1
    assert "Found 3 findings (1 error, 1 warning, 1 info)" in out
    code, _, _ = run(capsys, monkeypatch, "check", "--exit-zero", str(webhook_copy))
    assert code == 0


def test_clean_run_exits_0(capsys, monkeypatch, webhook_copy):
    install_fake_engine(monkeypatch, [])
    code, out, _ = run(capsys, monkeypatch, "check", str(webhook_copy))
    assert code == 0 and out.startswith("All checks passed")


def test_select_and_ignore_filter_the_findings(capsys, monkeypatch, webhook_copy):
    install_fake_engine(monkeypatch, webhook_findings())
    _, out, _ = run(
        capsys,
        monkeypatch,
        "check",
        "--format",
        "json",
        "--select",
        "UJ00",
        "--ignore",
        "UJ001",
        str(webhook_copy),
    )
    assert [f["code"] for f in json.loads(out)["findings"]] == ["UJ003", "UJ004"]
    _, out, _ = run(
        capsys,
        monkeypatch,
        "check",
        "--output-format",
        "json",
        "--select",
        "UJ004",
        str(webhook_copy),
    )
    assert [f["code"] for f in json.loads(out)["findings"]] == ["UJ004"]


def test_config_ignore_and_blocking_reach_the_engine(capsys, monkeypatch, webhook_copy):
    (webhook_copy / "pyproject.toml").write_text(
        '[tool.unjam]\nignore = ["UJ004"]\nexclude = ["aws"]\n'
        '[[tool.unjam.blocking]]\nname = "legacy.fetch"\nkind = "network"\n'
    )
    calls = install_fake_engine(monkeypatch, webhook_findings())
    _, out, _ = run(capsys, monkeypatch, "check", "--format", "json", str(webhook_copy))
    assert [f["code"] for f in json.loads(out)["findings"]] == ["UJ001", "UJ003"]
    (call,) = calls
    assert call["root"] == webhook_copy.resolve()
    assert call["extra"] == [{"name": "legacy.fetch", "kind": "network"}]
    assert call["cache"] == webhook_copy.resolve() / ".unjam-cache"
    assert (call["cache"] / ".gitignore").read_text().splitlines()[-1] == "*"
    assert not any("aws" in Path(f).parts for f in call["files"])
    assert all(Path(f).is_absolute() for f in call["files"])


def test_no_cache_and_exclude_option(capsys, monkeypatch, webhook_copy):
    calls = install_fake_engine(monkeypatch, [])
    run(capsys, monkeypatch, "check", "--no-cache", "--exclude", "billing", str(webhook_copy))
    assert calls[0]["cache"] is None
    files = calls[0]["files"]
    assert files and all("billing" not in Path(f).parts for f in files)


def test_suppression_comments_are_applied(capsys, monkeypatch, webhook_copy):
    queue = webhook_copy / "aws" / "sqs" / "queue.py"
    lines = queue.read_text().splitlines()
    lines[17] += "  # unjam: ignore[UJ001]"  # line 18: the send_message call
    queue.write_text("\n".join(lines) + "\n")
    install_fake_engine(monkeypatch, webhook_findings())
    code, out, _ = run(capsys, monkeypatch, "check", str(webhook_copy))
    assert code == 1
    assert "UJ001" not in out.split("Found")[0]
    assert "Found 2 findings (1 warning, 1 info) in" in out and "(1 suppressed)" in out


def test_output_file_and_statistics(capsys, monkeypatch, webhook_copy, tmp_path):
    install_fake_engine(monkeypatch, [*webhook_findings(), make_finding(line=17)])
    target = tmp_path / "out" / "report.sarif"
    code, out, _ = run(
        capsys, monkeypatch, "check", "--format", "sarif", "-o", str(target), str(webhook_copy)
    )
    assert code == 1 and out == ""
    assert json.loads(target.read_text())["version"] == "2.1.0"
    _, out, _ = run(capsys, monkeypatch, "check", "--statistics", str(webhook_copy))
    assert out.splitlines()[0].split()[:2] == ["2", "UJ001"]


def test_unparsed_files_are_listed_counted_and_exit_3(capsys, monkeypatch, webhook_copy):
    install_fake_engine(monkeypatch, [], unparsed=[("billing/new.py", "invalid syntax (line 2)")])
    code, out, _ = run(capsys, monkeypatch, "check", str(webhook_copy))
    assert code == 3
    assert "billing/new.py:2: error: billing/new.py was not analysed: invalid syntax" in out
    assert "All checks passed" not in out and "1 of them could not be analysed" in out


# --- the real engine ----------------------------------------------------------------------


@pytest.fixture
def engine():
    return pytest.importorskip("unjam.analysis.engine")


def test_webhook_example_end_to_end(engine, capsys, monkeypatch, tmp_path):
    code, out, _ = run(capsys, monkeypatch, "check", "--no-cache", "--format", "json", str(WEBHOOK))
    assert code == 1
    data = json.loads(out)
    assert data["summary"]["files"] == len(list(WEBHOOK.rglob("*.py")))
    assert data["summary"]["unparsed"] == 0
    loop = [f for f in data["findings"] if f["code"] == "UJ001"]
    assert loop, data["findings"]
    blocking = loop[0]
    assert blocking["path"] == "aws/sqs/queue.py"  # relative to the named directory
    line = (WEBHOOK / "aws/sqs/queue.py").read_text().splitlines()[blocking["line"] - 1]
    assert line[blocking["column"] - 1 :].startswith("self.client.send_message(")  # 1-based
    assert blocking["entry"]["route"] == "POST /webhooks/invoice"
    assert blocking["chain"][-1]["path"] == "aws/sqs/queue.py"
    assert any(f["code"] == "UJ003" for f in data["findings"])
    for finding in data["findings"]:
        assert not Path(finding["path"]).is_absolute()


def test_webhook_text_has_chain_and_fix(engine, capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "check", "--no-cache", str(WEBHOOK))
    assert code == 1
    assert "aws/sqs/queue.py:18:" in out
    assert "via POST /webhooks/invoice" in out and "invoice_handler" in out
    assert "  fix: " in out
    assert out.rstrip().splitlines()[-2].startswith("Found ")


CLEAN_APP = {
    "app.py": """\
        from fastapi import FastAPI
        import asyncio

        app = FastAPI()


        @app.get("/ping")
        async def ping():
            await asyncio.sleep(0)
            return {"ok": True}
        """,
}


def test_models_sqlalchemy_cannot_configure_are_named_and_exit_3(
    engine, capsys, monkeypatch, tmp_path
):
    """A relationship back-populating an attribute its target lacks: every ORM call raises
    before it sends anything, so the text says which relationship and the run exits 3."""
    app = shutil.copytree(Path(__file__).parent / "corpus" / "broken_models", tmp_path / "svc")
    code, out, _ = run(capsys, monkeypatch, "check", "--no-cache", str(app))
    assert code == 3, out
    assert "ledger/models.py:17: error: ledger/models.py (line 17) declares `Invoice.owner`" in out
    assert 'back_populates="invoices", but `Account` defines no `invoices`' in out
    assert "All checks passed" not in out


def test_clean_app_exits_0(engine, capsys, monkeypatch, tmp_path):
    root = write_app(tmp_path, CLEAN_APP)
    code, out, _ = run(capsys, monkeypatch, "check", "--no-cache", str(root))
    assert code == 0, out
    assert "no findings in 1 file" in out


def test_unparsable_file_is_listed_and_counted(engine, capsys, monkeypatch, tmp_path):
    root = write_app(tmp_path, {**CLEAN_APP, "broken.py": "def f(:\n    pass\n"})
    code, out, _ = run(capsys, monkeypatch, "check", "--no-cache", "--format", "json", str(root))
    assert code == 3
    data = json.loads(out)
    assert data["summary"]["unparsed"] == 1 and data["summary"]["files"] >= 1
    assert data["unparsed"][0]["path"] == "broken.py" and data["unparsed"][0]["reason"]


EXTRA_API_APP = {
    "pyproject.toml": """\
        [tool.unjam]
        [[tool.unjam.blocking]]
        name = "legacy_sdk.fetch_invoice"
        kind = "network"
        fix = "use legacy_sdk.aio.fetch_invoice"
        """,
    "app.py": """\
        from fastapi import FastAPI

        import legacy_sdk

        app = FastAPI()


        @app.get("/invoices/{invoice_id}")
        async def read_invoice(invoice_id: str):
            return legacy_sdk.fetch_invoice(invoice_id)
        """,
}


def test_extra_blocking_api_from_pyproject_is_reported(engine, capsys, monkeypatch, tmp_path):
    root = write_app(tmp_path, EXTRA_API_APP)
    _, out, _ = run(capsys, monkeypatch, "check", "--no-cache", "--format", "json", str(root))
    before = json.loads(out)["findings"]
    assert [(f["code"], f["path"], f["line"]) for f in before] == [("UJ001", "app.py", 10)]
    assert before[0]["kind"] == "network"
    (root / "pyproject.toml").write_text("[tool.unjam]\n")
    _, out, _ = run(capsys, monkeypatch, "check", "--no-cache", "--format", "json", str(root))
    assert json.loads(out)["findings"] == []


def test_suppressions_with_the_real_engine(engine, capsys, monkeypatch, tmp_path):
    root = write_app(tmp_path, EXTRA_API_APP)
    app = root / "app.py"
    app.write_text(
        app.read_text().replace(
            "async def read_invoice(invoice_id: str):",
            "async def read_invoice(invoice_id: str):  # unjam: ignore[UJ001]",
        )
    )
    code, out, _ = run(capsys, monkeypatch, "check", "--no-cache", str(root))
    assert code == 0 and "(1 suppressed)" in out


def test_exit_codes_from_a_real_process(engine, tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "unjam", "check", "--no-cache", "--format", "github", str(WEBHOOK)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1, result.stderr
    assert result.stdout.startswith("::")


def test_warn_unused_ignores(capsys, monkeypatch, webhook_copy):
    main = webhook_copy / "billing" / "main.py"
    main.write_text(main.read_text().replace("import time", "import time  # unjam: ignore[UJ001]"))
    install_fake_engine(monkeypatch, webhook_findings())
    _, out, _ = run(capsys, monkeypatch, "check", "--warn-unused-ignores", str(webhook_copy))
    assert "warning: unused suppression at billing/main.py:3: [UJ001] silences nothing" in out
    _, out, _ = run(
        capsys, monkeypatch, "check", "--format", "json", "--warn-unused-ignores", str(webhook_copy)
    )
    assert json.loads(out)["unused_suppressions"] == [
        {"path": "billing/main.py", "line": 3, "codes": ["UJ001"]}
    ]
    _, out, _ = run(capsys, monkeypatch, "check", "--format", "json", str(webhook_copy))
    assert "unused_suppressions" not in json.loads(out)


END_PROGRAM = """
import atexit, sys
atexit.register(lambda: print("teardown ran"))
sys.argv = ["unjam", "check", "--no-cache", {path!r}]
{call}
"""


@pytest.mark.parametrize(
    ("call", "teardown"),
    [
        ("from unjam.cli import main\nmain()", False),  # unjam is the program: it ends at once
        ("import unjam.cli\nunjam.cli.main()", True),  # a caller runs it in-process
    ],
    ids=["program", "in-process"],
)
def test_the_fast_check_ends_the_process_only_when_it_is_the_program(tmp_path, call, teardown):
    app = write_app(tmp_path, {"app.py": "x = 1\n"}) / "app.py"
    done = subprocess.run(
        [sys.executable, "-c", END_PROGRAM.format(path=str(app), call=call)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert ("teardown ran" in done.stdout) is teardown
