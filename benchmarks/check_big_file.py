"""`unjam check` on one very large file: wall time and peak RSS, with and without the limit.

    .venv/bin/python benchmarks/check_big_file.py              # 50 MB generated + the largest
    .venv/bin/python benchmarks/check_big_file.py --mb 10 --python

Two files: the largest `.py` in this environment's installed packages (real code someone
ships), and a generated one of `--mb` megabytes (classes, methods, async handlers, calls,
comprehensions: a file the analyser has to work through, not a string literal). Each is
checked by a fresh `unjam check --no-cache` subprocess with the default `max-file-size`
(the file is skipped with a diagnostic when it is over it) and with `max-file-size = 0`
(no limit), under an address-space cap (`--cap-gb`) so a runaway cannot take the machine.
`--python` adds rows for the pure-Python path (`UNJAM_NATIVE=0`).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from pathlib import Path

BIN = Path(sys.executable).parent
BLOCK = """

class Model{i}(Base):
    name: str = "m{i}"

    def load(self, key):
        if key in self.cache:
            return self.cache[key]
        value = requests.get(f"http://svc/{i}/{{key}}", params={{"k": [1, 2, 3]}}).json()
        self.cache[key] = [v * 2 for v in value if v % {i} == 0]
        return self.cache[key]


async def handler_{i}(request):
    data = await request.json()
    return helper_{i}(data) or Model{i}().load(data["key"])


def helper_{i}(data):
    return {{k: v for k, v in data.items() if k.startswith("x{i}")}}
"""
HEAD = "import requests\nfrom fastapi import FastAPI\n\napp = FastAPI()\nBase = object\n"


def generate(path: Path, megabytes: float) -> None:
    with open(path, "w") as fh:
        fh.write(HEAD)
        size, i = len(HEAD), 0
        while size < megabytes * 1e6:
            chunk = BLOCK.format(i=i)
            fh.write(chunk)
            size, i = size + len(chunk), i + 1


def largest_installed() -> Path:
    site = Path(sysconfig.get_paths()["purelib"])
    return max(site.rglob("*.py"), key=lambda p: p.stat().st_size)


def measure(file: Path, limit: str | None, native: bool, cap_gb: float, timeout: float) -> str:
    """One `unjam check` of `file` alone (copied into a directory with its own config)."""
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp)
        os.symlink(file, tree / "subject.py")
        if limit is not None:
            (tree / "pyproject.toml").write_text(f"[tool.unjam]\nmax-file-size = {limit}\n")
        env = {**os.environ, "UNJAM_NATIVE": "1" if native else "0"}
        cap = int(cap_gb * 2**30)

        def limit_memory() -> None:
            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

        argv = [str(BIN / "unjam"), "check", "--no-cache", "--statistics", str(tree)]
        with open(tree / "out.txt", "w+") as out:
            started = time.perf_counter()
            child = subprocess.Popen(
                argv, stdout=out, stderr=subprocess.STDOUT, env=env, preexec_fn=limit_memory
            )
            killer = threading.Timer(timeout, child.kill)
            killer.start()
            _, status, usage = os.wait4(child.pid, 0)  # this child's own peak RSS
            killer.cancel()
            child.returncode = os.waitstatus_to_exitcode(status)
            wall = time.perf_counter() - started
            out.seek(0)
            lines = out.read().strip().splitlines() or [""]
        if wall >= timeout:
            return f"stopped after {timeout:.0f} s"
        rss = usage.ru_maxrss / 1024
        return f"exit {child.returncode}, {wall:.1f} s, peak RSS {rss:.0f} MB: {lines[-1][:100]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=float, default=50.0, help="size of the generated file")
    parser.add_argument("--python", action="store_true", help="also the pure-Python path")
    parser.add_argument("--cap-gb", type=float, default=12.0, help="address-space cap")
    parser.add_argument("--timeout", type=float, default=300.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        generated = Path(tmp) / f"generated_{args.mb:g}mb.py"
        generate(generated, args.mb)
        for file in (largest_installed(), generated):
            print(f"{file.name}: {file.stat().st_size / 1e6:.1f} MB")
            paths = [("native", True)] + ([("python", False)] if args.python else [])
            for label, native in paths:
                for limit in (None, "0"):
                    name = "default limit" if limit is None else "no limit"
                    result = measure(file, limit, native, args.cap_gb, args.timeout)
                    print(f"  {label:<6} {name:<13} {result}", flush=True)


if __name__ == "__main__":
    main()
