"""Worker processes and the cache they feed: the same result as a serial run, and a cache
written from the workers' chunks serves later runs (only edited files are parsed again)."""

from __future__ import annotations

import shutil
from pathlib import Path

from unjam.analysis import parse
from unjam.analysis.engine import analyze

SEED = Path(__file__).parent / "corpus" / "seed000_webhook"
FILLERS = parse.PARALLEL_THRESHOLD + 10


def _tree(tmp_path: Path) -> tuple[Path, list[Path]]:
    root = tmp_path / "app"
    shutil.copytree(SEED, root)
    pkg = root / "filler"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    for i in range(FILLERS):
        (pkg / f"mod_{i}.py").write_text(  # served: an app's coroutines count only then
            "import time\n\nfrom fastapi import FastAPI\n\napp = FastAPI()\n\n\n"
            f"def helper_{i}():\n    time.sleep(1)\n\n\n"
            f'@app.get("/job_{i}")\nasync def job_{i}():\n    helper_{i}()\n'
        )
    (pkg / "broken.py").write_text("def oops(:\n    pass\n")
    return root, sorted(root.rglob("*.py"))


def _outcome(result):
    return [f.to_json() for f in result.findings], result.unparsed, result.files


def test_workers_give_the_serial_result(tmp_path):
    root, files = _tree(tmp_path)
    assert parse.worker_count(len(files)) == min(parse.usable_cpus(), len(files) // 50)
    serial = analyze(root, files, jobs=1)
    parallel = analyze(root, files, jobs=2)
    assert _outcome(parallel) == _outcome(serial)
    assert len(serial.findings) >= FILLERS  # every filler's sleep is reached from a route
    assert [path for path, _ in serial.unparsed] == ["filler/broken.py"]


def test_cache_written_from_worker_chunks_is_reused(tmp_path, monkeypatch):
    monkeypatch.setenv("UNJAM_NATIVE", "0")  # worker processes; the native path: test_check_native
    root, files = _tree(tmp_path)
    cache_dir = tmp_path / "cache"
    cold = analyze(root, files, cache_dir=cache_dir, jobs=2)
    edited = root / "filler" / "mod_0.py"
    edited.write_text(edited.read_text().replace("time.sleep(1)", "pass"))

    parsed: list[int] = []
    real = parse.summarize_bytes

    def counting(data: bytes, is_package: bool, *rest):
        parsed.append(1)
        return real(data, is_package, *rest)

    monkeypatch.setattr(parse, "summarize_bytes", counting)
    after = analyze(root, files, cache_dir=cache_dir, jobs=1)
    assert parsed == [1]  # only the edited file; every other summary came from the cache
    assert len(after.findings) == len(cold.findings) - 1
    assert _outcome(after) == _outcome(analyze(root, files, jobs=1))
