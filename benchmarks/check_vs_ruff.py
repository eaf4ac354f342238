"""`unjam check` vs `ruff check --select ASYNC` on a large open-source FastAPI codebase.

Prints wall times (medians of interleaved rounds), the ratios cold/ruff and warm/ruff, and
both tools' findings counts, all from one run on the same tree:

    .venv/bin/python benchmarks/check_vs_ruff.py            # litellm's wheel, 5 rounds
    .venv/bin/python benchmarks/check_vs_ruff.py --rounds 3 --profile

The tree is the wheel of a FastAPI-based package from PyPI (default: litellm, whose proxy
server is a FastAPI app; its wheel holds ~3,000 .py files), fetched with `pip download
--no-deps` and unpacked into benchmarks/.cache/. Both tools see the tree in isolation
(`ruff --isolated`; unjam gets an empty `[tool.unjam]` at the tree root), and both are pinned
to the same core with `taskset` when it exists, as ruff would otherwise use both cores of a
2-core machine. Rows for both tools on all cores (cold, not pinned) are printed too, since
unjam parses in a process pool when it has more than one core.

- cold: `unjam check --format json` with its cache directory removed first
- warm: the same command again, with the cache the cold run wrote
- ruff: `ruff check --select ASYNC --no-cache` (and, for reference, with ruff's own cache)

The goal's ratio is cold / ruff --no-cache, the strictest pair: ruff's own benchmarks time
its cold runs with --no-cache, while unjam's cold run writes its cache. Two like-for-like
pairs are printed beside it: both with --no-cache (neither reads nor writes a cache), and
both cold with their cache directories removed first (each writes its cache, as a first
run in a fresh checkout does).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import resource
import shutil
import statistics
import subprocess
import sys
import time
import zipfile
from pathlib import Path

from unjam.analysis.compiled import compiled_is_current

HERE = Path(__file__).resolve().parent
CACHE = HERE / ".cache"
VENV_BIN = Path(sys.executable).parent
DEFAULT_PACKAGE = "litellm==1.109.1"
MIN_FILES = 1500


def fetch_tree(requirement: str) -> Path:
    """Download the package's wheel (no dependencies) and unpack it once."""
    name = requirement.split("==")[0].replace("-", "_")
    downloads = CACHE / "downloads"
    downloads.mkdir(parents=True, exist_ok=True)
    wheels = sorted(downloads.glob(f"{name}-*.whl"))
    version = requirement.split("==")[1] if "==" in requirement else None
    if version:
        wheels = [w for w in wheels if w.name.startswith(f"{name}-{version}-")]
    if not wheels:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "--only-binary",
                ":all:",
                "-d",
                str(downloads),
                requirement,
            ],
            check=True,
        )
        wheels = sorted(downloads.glob(f"{name}-*.whl"))
    wheel = wheels[-1]
    tree = CACHE / "-".join(wheel.name.split("-")[:2])  # e.g. litellm-1.109.1
    if not tree.is_dir():
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(tree)
        # Isolate the tree from any [tool.unjam] above it (the project's own pyproject).
        (tree / "pyproject.toml").write_text("[tool.unjam]\n")
    return tree


def count_py(tree: Path) -> int:
    return sum(1 for _ in tree.rglob("*.py"))


def pinned(argv: list[str], core: str | None) -> list[str]:
    return ["taskset", "-c", core, *argv] if core and shutil.which("taskset") else argv


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(argv: list[str], accept: tuple[int, ...] = (0, 1, 3)) -> tuple[float, float, str]:
    """Wall and CPU seconds of one run (CPU is steadier than wall on a shared machine);
    `accept`: the exit statuses that still mean a measured run."""
    cpu_before = _children_cpu()
    started = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    cpu = _children_cpu() - cpu_before
    if done.returncode not in accept:  # 3: some files could not be parsed (reported)
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr[-2000:]}")
    return elapsed, cpu, done.stdout


def profile_cold(tree: Path, cache_dir: Path, top: int) -> str:
    """cProfile of one cold `unjam check` in-process, sorted by cumulative time."""
    from unjam.analysis.frontend import run_check

    shutil.rmtree(cache_dir, ignore_errors=True)
    profiler = cProfile.Profile()
    profiler.enable()
    run_check([tree], cache_dir=cache_dir)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumtime").print_stats(top)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--package", default=DEFAULT_PACKAGE, help="PyPI requirement to fetch")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--core", default="1", help="CPU to pin both tools to ('' = no pin)")
    parser.add_argument("--profile", action="store_true", help="also print a cProfile summary")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")

    tree = fetch_tree(args.package)
    files = count_py(tree)
    print(f"tree: {tree.relative_to(HERE.parent)} ({args.package}): {files} .py files")
    if files < MIN_FILES:
        raise SystemExit(f"only {files} .py files; pick a package with at least {MIN_FILES}")
    if not compiled_is_current():
        print(
            "note: the compiled analysis modules are older than their sources (or "
            "UNJAM_COMPILED=0): this measures the Python sources; run `make` first"
        )

    unjam_cache = CACHE / "unjam-cache"
    ruff_cache = CACHE / "ruff-cache"
    unjam_check = [str(VENV_BIN / "unjam"), "check", "--format", "json", "--exit-zero"]
    unjam = [*unjam_check, "--cache-dir", str(unjam_cache), str(tree)]
    unjam_no_cache = [*unjam_check, "--no-cache", str(tree)]
    ruff = [
        str(VENV_BIN / "ruff"),
        "check",
        "--isolated",
        "--select",
        "ASYNC",
        "--exit-zero",
        "--output-format",
        "json",
        "--quiet",
    ]
    core = args.core or None

    kinds = (
        "cold",
        "warm",
        "ruff",
        "ruff-cached",
        "no-cache",
        "ruff-cold",
        "cold-all-cores",
        "ruff-all-cores",
    )
    times: dict[str, list[float]] = {k: [] for k in kinds}
    cpu: dict[str, list[float]] = {k: [] for k in kinds}
    counts: dict[str, int] = {}
    unparsed = 0

    def measure(kind: str, argv: list[str]) -> str:
        elapsed, seconds, out = timed(argv)
        times[kind].append(elapsed)
        cpu[kind].append(seconds)
        return out

    shutil.rmtree(ruff_cache, ignore_errors=True)
    ruff_cached = [*ruff, "--cache-dir", str(ruff_cache), str(tree)]
    for round_number in range(args.rounds):
        shutil.rmtree(unjam_cache, ignore_errors=True)
        summary = json.loads(measure("cold", pinned(unjam, core)))["summary"]
        counts["unjam"], unparsed = summary["findings"], summary["unparsed"]
        counts["unjam-files"] = summary["files"]
        out = measure("warm", pinned(unjam, core))
        counts["unjam-warm"] = json.loads(out)["summary"]["findings"]
        out = measure("ruff", pinned([*ruff, "--no-cache", str(tree)], core))
        counts["ruff"] = len(json.loads(out or "[]"))
        shutil.rmtree(ruff_cache, ignore_errors=True)
        measure("ruff-cold", pinned(ruff_cached, core))  # (it fills ruff's cache)
        measure("ruff-cached", pinned(ruff_cached, core))
        measure("no-cache", pinned(unjam_no_cache, core))
        shutil.rmtree(unjam_cache, ignore_errors=True)
        measure("cold-all-cores", unjam)
        measure("ruff-all-cores", [*ruff, "--no-cache", str(tree)])
        print(
            f"round {round_number + 1}/{args.rounds}: "
            + ", ".join(f"{k} {times[k][-1]:.3f}s" for k in kinds),
            flush=True,
        )

    wall = {k: statistics.median(v) for k, v in times.items()}
    busy = {k: statistics.median(v) for k, v in cpu.items()}
    pin = f"pinned to core {core}" if core and shutil.which("taskset") else "not pinned"
    print(f"\nmedians of {args.rounds} interleaved rounds ({pin}):      wall        CPU")
    labels = {
        "cold": "unjam check, cold (no cache)",
        "warm": "unjam check, warm (cache filled)",
        "ruff": "ruff --select ASYNC, --no-cache",
        "ruff-cached": "ruff --select ASYNC, its cache",
        "no-cache": "unjam check --no-cache",
        "ruff-cold": "ruff --select ASYNC, cold (cache)",
        "cold-all-cores": "unjam check, cold, all cores",
        "ruff-all-cores": "ruff --select ASYNC, all cores",
    }
    for kind in kinds:
        print(f"  {labels[kind]:<34} {wall[kind]:8.3f} s  {busy[kind]:8.3f} s")
    print(
        f"ratio cold/ruff = {wall['cold'] / wall['ruff']:.2f} wall, "
        f"{busy['cold'] / busy['ruff']:.2f} CPU  (goal <= 4)"
    )
    print(
        f"ratio warm/ruff = {wall['warm'] / wall['ruff']:.2f} wall, "
        f"{busy['warm'] / busy['ruff']:.2f} CPU  (goal <= 1)"
    )
    print(f"ratio warm/ruff-cached = {wall['warm'] / wall['ruff-cached']:.2f} wall")
    print(
        "like for like: both --no-cache = "
        f"{wall['no-cache'] / wall['ruff']:.2f} wall, {busy['no-cache'] / busy['ruff']:.2f} CPU; "
        f"both cold, each writing its cache = {wall['cold'] / wall['ruff-cold']:.2f} wall, "
        f"{busy['cold'] / busy['ruff-cold']:.2f} CPU"
    )
    print(
        f"ratio cold/ruff, both on all cores (not pinned) = "
        f"{wall['cold-all-cores'] / wall['ruff-all-cores']:.2f} wall"
    )
    print(
        f"findings: unjam {counts['unjam']} in {counts['unjam-files']} files (test code is "
        f"out of scope by default; unparsed files: {unparsed}), "
        f"ruff ASYNC {counts['ruff']}"
    )
    if counts["unjam-warm"] != counts["unjam"]:
        print(
            f"WARNING: the warm run found {counts['unjam-warm']} findings, the cold one "
            f"{counts['unjam']}: the cache changed the result"
        )
    if args.profile:
        print("\ncProfile of one cold run, top functions by cumulative time:")
        print(profile_cold(tree, CACHE / "unjam-cache-profile", 30))


if __name__ == "__main__":
    main()
