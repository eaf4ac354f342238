"""The mypyc-compiled linker and rules: in use when built, the same results as the sources,
and never used once their source has changed (unjam/analysis/compiled.py)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

from unjam.analysis import callgraph, compiled

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus"


def test_the_modules_in_use_are_the_ones_the_guard_chose():
    """Compiled when built from the sources as they are now, else the sources: an edit is
    what the tests run, without a rebuild (`make check` asks for the sources outright)."""
    modules = [import_module(name) for name in compiled.COMPILED_MODULES]
    # every compiled module (the linked project and the FastAPI model are several)
    assert {"unjam.analysis.project", "unjam.analysis.inference"} <= {m.__name__ for m in modules}
    in_use = [compiled.is_compiled(m) for m in modules]
    assert in_use == [compiled.compiled_is_current()] * len(modules), [m.__file__ for m in modules]


def test_mypy_accepted_the_compiled_sources():
    """A type error makes the build fall back to the sources, which still pass every other
    test (only slower): the build's note makes that a failure here."""
    refused = ROOT / "unjam" / "analysis" / compiled.REFUSED_FILE
    assert not refused.exists(), refused.read_text() + "; run `make .venv/.installed` to see it"


def _check_json(tree: Path, compiled_on: bool) -> dict:
    env = {**os.environ, "UNJAM_COMPILED": "1" if compiled_on else "0"}
    done = subprocess.run(
        [sys.executable, "-m", "unjam", "check", "--no-cache", "--format", "json", str(tree)],
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode in (0, 1, 3), done.stderr  # 3: the corpus has unparsable files
    report = json.loads(done.stdout)
    report["summary"].pop("seconds")
    return report


@pytest.mark.slow
def test_compiled_and_source_report_the_same(tmp_path):
    """The explicit parity check (`make test` rebuilds first). A build that fell back to the
    sources, or was not redone after an edit, fails here rather than leaving `unjam check`
    slower unnoticed (UNJAM_COMPILED=0 opts out)."""
    if os.environ.get("UNJAM_COMPILED") == "0":
        pytest.skip("UNJAM_COMPILED=0 asks for the sources")
    assert compiled.compiled_is_current(), "the compiled modules are missing or stale: run make"
    # a copy: the project's own [tool.unjam] excludes tests/corpus
    tree = tmp_path / "corpus"
    shutil.copytree(CORPUS, tree)
    shutil.copytree(ROOT / "unjam", tree / "unjam_itself")
    from_source = _check_json(tree, compiled_on=False)
    # (the tree holds apps, so coroutines none of them reaches are not reported: docs/check.md)
    assert from_source["summary"]["findings"] > 50
    assert _check_json(tree, compiled_on=True) == from_source


@pytest.fixture
def sources(tmp_path, monkeypatch):
    """A copy of the compiled modules' sources with the record a build would write."""
    for module in compiled.COMPILED_MODULES:
        copy = compiled.source_path(module, tmp_path)
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(compiled.source_path(module), copy)
    (tmp_path / compiled.SOURCES_FILE).write_text(json.dumps(compiled.source_digests(tmp_path)))
    monkeypatch.setattr(compiled, "HERE", tmp_path)
    monkeypatch.delenv("UNJAM_COMPILED", raising=False)
    return tmp_path


def test_a_build_from_the_current_sources_is_used(sources):
    assert compiled.compiled_is_current()
    finder = compiled.SourcesWhenStale()
    assert finder.find_spec("unjam.analysis.project") is None  # the usual finders: compiled


def test_an_edited_source_makes_every_module_load_from_source(sources):
    path = sources / "callgraph.py"
    path.write_text(path.read_text() + "\n# edited after the build\n")
    assert not compiled.compiled_is_current()
    finder = compiled.SourcesWhenStale()
    for module in compiled.COMPILED_MODULES:  # all of them: they are one compiled group
        spec = finder.find_spec(module)
        assert spec is not None and spec.origin == str(compiled.source_path(module, sources))
    assert finder.find_spec("unjam.analysis.engine") is None


def test_a_missing_record_or_unjam_compiled_0_means_sources(sources, monkeypatch):
    monkeypatch.setenv("UNJAM_COMPILED", "0")
    assert not compiled.compiled_is_current()
    monkeypatch.delenv("UNJAM_COMPILED")
    assert compiled.compiled_is_current()
    (sources / compiled.SOURCES_FILE).write_text("not json")
    assert not compiled.compiled_is_current()
    (sources / compiled.SOURCES_FILE).unlink()
    assert not compiled.compiled_is_current()


@pytest.mark.skipif(not compiled.is_compiled(callgraph), reason="needs a current compiled build")
def test_the_guard_in_a_real_import(tmp_path):
    """A copy of the package with its compiled files: imported compiled as built, and from
    source once one source changes."""
    shutil.copytree(ROOT / "unjam", tmp_path / "unjam", ignore=shutil.ignore_patterns("*.pyc"))
    for group in ROOT.glob(f"{compiled.GROUP_NAME}__mypyc*"):
        shutil.copy(group, tmp_path)
    probe = (
        "import unjam.analysis.project as p, unjam.analysis.rules_engine as r\n"
        "print(p.__file__); print(r.__file__)"
    )
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    env.pop("UNJAM_COMPILED", None)

    def imported() -> list[str]:
        run = subprocess.run(
            [sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=tmp_path
        )
        assert run.returncode == 0, run.stderr
        return [Path(line).name for line in run.stdout.split()]

    assert all(name.endswith(".so") for name in imported())
    edited = tmp_path / "unjam" / "analysis" / "project.py"
    edited.write_text(edited.read_text() + "\n# edited after the build\n")
    assert imported() == ["project.py", "rules_engine.py"]
