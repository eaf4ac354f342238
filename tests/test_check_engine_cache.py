"""The analysis cache: warm runs reuse results; any change in content or catalogue is seen."""

from __future__ import annotations

import shutil
from pathlib import Path

from unjam.analysis import cache as cache_module
from unjam.analysis.engine import analyze

SEED = Path(__file__).parent / "corpus" / "seed000_webhook"


def _copy(tmp_path: Path) -> tuple[Path, list[Path]]:
    root = tmp_path / "app"
    shutil.copytree(SEED, root)
    return root, sorted(root.rglob("*.py"))


def _keys(result):
    return [(f.code, f.location.path, f.location.line) for f in result.findings]


def test_warm_run_returns_the_same_result(tmp_path):
    root, files = _copy(tmp_path)
    cache_dir = root / ".unjam-cache"
    cold = analyze(root, files, cache_dir=cache_dir)
    assert (cache_dir / cache_module.INDEX).exists()
    assert (cache_dir / cache_module.SUMMARIES).exists()
    warm = analyze(root, files, cache_dir=cache_dir)
    assert _keys(warm) == _keys(cold) and warm.files == cold.files
    assert [f.to_json() for f in warm.findings] == [f.to_json() for f in cold.findings]


def test_warm_run_does_not_reparse(tmp_path, monkeypatch):
    root, files = _copy(tmp_path)
    cache_dir = tmp_path / "cache"
    analyze(root, files, cache_dir=cache_dir)

    def boom(*_args, **_kwargs):
        raise AssertionError("a warm run must not parse")

    monkeypatch.setattr("unjam.analysis.parse.summarize_bytes", boom)
    assert _keys(analyze(root, files, cache_dir=cache_dir))


def test_an_edited_file_is_reanalysed(tmp_path):
    root, files = _copy(tmp_path)
    cache_dir = tmp_path / "cache"
    before = analyze(root, files, cache_dir=cache_dir)
    assert any(code == "UJ001" for code, _, _ in _keys(before))
    handler = root / "billing/routers/webhooks/invoice.py"
    handler.write_text(
        handler.read_text()
        .replace(
            "        producer.send_message(body_str)",
            "        await run_in_threadpool(producer.send_message, body_str)",
        )
        .replace(
            "from fastapi import",
            "from fastapi.concurrency import run_in_threadpool\nfrom fastapi import",
        )
    )
    after = analyze(root, files, cache_dir=cache_dir)
    assert not any(code == "UJ001" for code, _, _ in _keys(after))
    again = analyze(root, files, cache_dir=cache_dir)
    assert _keys(again) == _keys(after)


def test_catalogue_change_invalidates_the_final_result(tmp_path):
    root, files = _copy(tmp_path)
    cache_dir = tmp_path / "cache"
    analyze(root, files, cache_dir=cache_dir)
    extra = [{"name": "pydantic.BaseModel.model_validate_json", "kind": "cpu"}]
    result = analyze(root, files, cache_dir=cache_dir, extra_catalogue=extra)
    assert ("UJ001", "billing/routers/webhooks/invoice.py", 21) in _keys(result)


def test_corrupt_cache_is_ignored(tmp_path):
    root, files = _copy(tmp_path)
    cache_dir = tmp_path / "cache"
    expected = _keys(analyze(root, files, cache_dir=cache_dir))
    (cache_dir / cache_module.INDEX).write_bytes(b"not a pickle")
    (cache_dir / cache_module.SUMMARIES).write_bytes(b"\x00garbage")
    assert _keys(analyze(root, files, cache_dir=cache_dir)) == expected
    assert _keys(analyze(root, files, cache_dir=cache_dir)) == expected


def test_unwritable_cache_dir_runs_uncached(tmp_path):
    root, files = _copy(tmp_path)
    blocker = tmp_path / "file-not-dir"
    blocker.write_text("x")
    assert _keys(analyze(root, files, cache_dir=blocker / "cache"))
