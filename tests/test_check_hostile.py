"""`unjam check` on hostile trees: nothing crashes, whatever cannot be analysed is a
diagnostic (path, line, reason) in every output format, and the exit status says so
(README: 3 for a missing path or a file that could not be read or parsed, outranking 1)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from unjam import cli

FORMATS = ("text", "json", "sarif", "github")
CLEAN = "import asyncio\n\n\nasync def ok():\n    await asyncio.sleep(0)\n"
BLOCKING = (
    "import time\nfrom fastapi import FastAPI\n\napp = FastAPI()\n\n\n"
    '@app.get("/")\nasync def home():\n    time.sleep(1)\n'
)


def run(capsys, monkeypatch, *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "argv", ["unjam", "check", "--no-cache", *args])
    with pytest.raises(SystemExit) as exited:
        cli.main()
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return int(exited.value.code or 0), out, err


def tree(root: Path, files: dict[str, str | bytes]) -> Path:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)
    return root


def diagnostics(fmt: str, out: str) -> list[tuple[str, int]]:
    """(path, line) of each file diagnostic in a report of format `fmt`."""
    if fmt == "json":
        return [(u["path"], u["line"]) for u in json.loads(out)["unparsed"]]
    if fmt == "sarif":
        notes = json.loads(out)["runs"][0]["invocations"][0]["toolExecutionNotifications"]
        locations = [n["locations"][0]["physicalLocation"] for n in notes]
        return [(loc["artifactLocation"]["uri"], loc["region"]["startLine"]) for loc in locations]
    if fmt == "github":
        found = []
        for line in out.splitlines():
            if "title=unjam%3A not analysed" in line:
                props = dict(
                    p.split("=", 1) for p in line.split(" ", 1)[1].split("::")[0].split(",")
                )
                found.append((Path(props["file"]).name, int(props["line"])))
        return found
    found = []
    for line in out.splitlines():
        if ": error: " in line and " was not analysed: " in line:
            path, number = line.split(":")[:2]
            found.append((path, int(number)))
    return found


@pytest.mark.parametrize("fmt", FORMATS)
def test_syntax_error_is_a_diagnostic_and_exit_3_in_every_format(
    fmt, capsys, monkeypatch, tmp_path
):
    root = tree(tmp_path, {"app.py": BLOCKING, "broken.py": "x = 1\n\ndef f(:\n    pass\n"})
    monkeypatch.chdir(root)
    code, out, _ = run(capsys, monkeypatch, "--format", fmt, ".")
    assert code == 3  # a finding too (app.py), but the unparsed file outranks it
    assert diagnostics(fmt, out) == [("broken.py", 3)]
    if fmt == "text":
        assert "app.py:9:" in out and "All checks passed" not in out
        assert "1 of them could not be analysed" in out.splitlines()[-2]


def test_clean_tree_with_an_unparsable_file_never_says_all_checks_passed(
    capsys, monkeypatch, tmp_path
):
    root = tree(tmp_path, {"ok.py": CLEAN, "bad.py": "def (\n"})
    code, out, _ = run(capsys, monkeypatch, str(root))
    assert code == 3 and "All checks passed" not in out
    assert out.splitlines()[-1].startswith("No findings in 2 files")
    code, out, _ = run(capsys, monkeypatch, "--quiet", str(root))
    assert code == 3 and "bad.py:1: error:" in out  # diagnostics survive --quiet


def test_nonexistent_path_and_non_python_file_exit_3_with_one_line(capsys, monkeypatch, tmp_path):
    code, out, err = run(capsys, monkeypatch, str(tmp_path / "nope"))
    assert (code, out, err.count("\n")) == (3, "", 1) and "does not exist" in err
    notes = tree(tmp_path, {"notes.txt": "hello"}) / "notes.txt"
    code, out, err = run(capsys, monkeypatch, str(notes))
    assert (code, out, err.count("\n")) == (3, "", 1)
    assert "notes.txt is not a Python file" in err


def test_symlink_loops_and_dangling_links_are_diagnostics(capsys, monkeypatch, tmp_path):
    root = tree(tmp_path / "svc", {"app.py": BLOCKING})
    os.symlink("loop.py", root / "loop.py")  # points at itself
    os.symlink("gone.py", root / "dangling.py")
    os.symlink("..", root / "parent")  # a directory loop: never followed
    code, out, _ = run(capsys, monkeypatch, "--format", "json", str(root))
    data = json.loads(out)
    assert code == 3
    reasons = {u["path"]: u["reason"] for u in data["unparsed"]}
    assert set(reasons) == {"loop.py", "dangling.py"}
    assert "symbolic links" in reasons["loop.py"] and "nothing" in reasons["dangling.py"]
    assert [f["path"] for f in data["findings"]] == ["app.py"]
    code, _, err = run(capsys, monkeypatch, str(root / "loop.py"))  # named: one line, exit 3
    assert code == 3 and err.count("\n") == 1 and "cannot be read" in err


def test_binary_nul_and_undecodable_files_are_diagnostics(capsys, monkeypatch, tmp_path):
    root = tree(
        tmp_path,
        {
            "ok.py": CLEAN,
            "binary.py": bytes(range(256)) * 4,
            "nul.py": b"x = 1\x00\n",
            "latin.py": "name = 'caf\u00e9'\n".encode("latin-1"),
            "deep.py": "x = " + "(" * 5000 + ")" * 5000 + "\n",
        },
    )
    code, out, _ = run(capsys, monkeypatch, "--format", "json", str(root))
    data = json.loads(out)
    assert code == 3
    assert {u["path"] for u in data["unparsed"]} == {"binary.py", "nul.py", "latin.py", "deep.py"}
    assert all(u["reason"] and u["line"] >= 1 for u in data["unparsed"])
    assert data["summary"] == {**data["summary"], "files": 5, "unparsed": 4}


def test_file_over_the_size_limit_is_skipped_with_the_limit_named(capsys, monkeypatch, tmp_path):
    big = "x = 1\n" * 200_000  # 1.2 MB
    root = tree(
        tmp_path,
        {
            "app.py": BLOCKING,
            "big.py": big,
            "pyproject.toml": '[tool.unjam]\nmax-file-size = "1MB"\n',
        },
    )
    code, out, _ = run(capsys, monkeypatch, "--format", "json", str(root))
    data = json.loads(out)
    assert code == 3
    (skipped,) = data["unparsed"]
    assert skipped["path"] == "big.py"
    assert "1.2 MB is over the per-file limit of 1.0 MB" in skipped["reason"]
    assert "max-file-size" in skipped["reason"]
    (root / "pyproject.toml").write_text("[tool.unjam]\nmax-file-size = 0\n")  # no limit
    code, out, _ = run(capsys, monkeypatch, "--format", "json", str(root))
    assert code == 1 and json.loads(out)["unparsed"] == []


def test_bad_max_file_size_is_a_usage_error(capsys, monkeypatch, tmp_path):
    root = tree(
        tmp_path, {"app.py": CLEAN, "pyproject.toml": '[tool.unjam]\nmax-file-size = "big"\n'}
    )
    code, _, err = run(capsys, monkeypatch, str(root))
    assert code == 2 and "max-file-size must be a size" in err


def test_a_file_that_vanishes_mid_run_is_a_diagnostic(capsys, monkeypatch, tmp_path):
    root = tree(tmp_path, {"app.py": BLOCKING, "gone.py": CLEAN})
    import unjam.analysis.frontend as frontend

    real = frontend.discover

    def discover_then_delete(*args, **kwargs):
        found = real(*args, **kwargs)
        (root / "gone.py").unlink(missing_ok=True)
        return found

    monkeypatch.setattr(frontend, "discover", discover_then_delete)
    code, out, _ = run(capsys, monkeypatch, "--format", "json", str(root))
    data = json.loads(out)
    assert code == 3 and [u["path"] for u in data["unparsed"]] == ["gone.py"]
    assert "No such file" in data["unparsed"][0]["reason"]


def test_a_file_whose_read_fails_is_a_diagnostic(capsys, monkeypatch, tmp_path):
    """A read that fails even for root: a link to /proc/self/mem, whose first page is not
    mapped (the read fails with EIO)."""
    if not Path("/proc/self/mem").exists():
        pytest.skip("needs Linux's /proc")
    root = tree(tmp_path, {"app.py": CLEAN})
    os.symlink("/proc/self/mem", root / "mem.py")
    code, out, _ = run(capsys, monkeypatch, "--format", "json", str(root))
    data = json.loads(out)
    assert code == 3 and [u["path"] for u in data["unparsed"]] == ["mem.py"]
    assert data["unparsed"][0]["reason"].startswith("cannot read")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files and directories despite mode 000")
def test_unreadable_file_and_directory_are_diagnostics(capsys, monkeypatch, tmp_path):
    root = tree(tmp_path, {"app.py": CLEAN, "secret.py": CLEAN, "private/mod.py": CLEAN})
    (root / "secret.py").chmod(0)
    (root / "private").chmod(0)
    try:
        code, out, _ = run(capsys, monkeypatch, "--format", "json", str(root))
    finally:
        (root / "secret.py").chmod(0o644)
        (root / "private").chmod(0o755)
    data = json.loads(out)
    assert code == 3
    reasons = {u["path"]: u["reason"] for u in data["unparsed"]}
    assert set(reasons) == {"secret.py", "private"}
    assert "Permission denied" in reasons["secret.py"]


def test_a_failure_of_the_analysis_itself_is_an_internal_error(capsys, monkeypatch, tmp_path):
    from check_support import install_fake_engine

    install_fake_engine(monkeypatch, [], unparsed=[("(analysis)", "internal error: KeyError")])
    code, out, _ = run(capsys, monkeypatch, str(tree(tmp_path, {"app.py": CLEAN})))
    assert code == 2 and "error: part of the analysis failed (analysis)" in out


@pytest.mark.parametrize("fmt", FORMATS)
def test_file_names_that_are_not_utf8_are_reported_in_every_format(
    fmt, capsys, monkeypatch, tmp_path
):
    monkeypatch.chdir(tmp_path)
    with open(os.fsencode(tmp_path) + b"/caf\xe9.py", "w") as fh:
        fh.write(BLOCKING)
    with open(os.fsencode(tmp_path) + b"/bad\xff.py", "w") as fh:
        fh.write("def (:\n")
    code, out, _ = run(capsys, monkeypatch, "--format", fmt, ".")
    assert code == 3
    assert len(diagnostics(fmt, out)) == 1


def test_a_named_fifo_is_bad_input(capsys, monkeypatch, tmp_path):
    os.mkfifo(tmp_path / "pipe.py")
    code, out, err = run(capsys, monkeypatch, str(tmp_path / "pipe.py"))
    assert (code, out) == (3, "") and "neither a file nor a directory" in err
