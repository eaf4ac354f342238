"""Soak: is the memory of `unjam serve` flat over a long run at ~60 % of saturation?

Serves a small FastAPI app (async route, `def` route through the thread pool, a route with
dependencies, a background task, and a route that stalls the loop 30 ms, ~1 % of requests)
with `unjam serve` (or plain uvicorn, `--plain`, for the baseline), measures its saturation
with a short closed-loop burst, then drives it open-loop at `--load` of that rate (or at
`--rate`) and samples the server's RSS every `--every` seconds. Prints the series, then the
change after warm-up (`--warmup`) and the growth rate from a least-squares line.

With `--tracemalloc`, the server traces allocations and writes, at every sample, the 15
source lines whose allocations grew most since the end of warm-up — how what grows is found.

Usage:  .venv/bin/python benchmarks/probe_soak.py [--duration 600] [--every 30] [--load 0.6]
        [--rate RPS] [--warmup 120] [--plain] [--tracemalloc] [--loop auto]
Figures are from one run on whatever machine runs it; say so when quoting them.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from probe_apps.support import exchange  # noqa: E402

from unjam.server import ServerProcess, free_port, uvicorn_argv  # noqa: E402

APP = """
import os
import threading
import time
import tracemalloc

from fastapi import BackgroundTasks, Depends, FastAPI

app = FastAPI()


async def user(token: str = "t") -> str:
    return token


def settings() -> dict:
    return {"page": 20}


@app.get("/")
async def hello():
    return {"message": "hello"}


@app.get("/items/{item_id}")
def item(item_id: int):
    return {"item_id": item_id}


@app.get("/deps")
async def deps(who: str = Depends(user), conf: dict = Depends(settings)):
    return {"who": who, **conf}


@app.get("/later")
async def later(tasks: BackgroundTasks):
    tasks.add_task(time.sleep, 0)
    return {"scheduled": True}


@app.get("/stall")
async def stall():
    time.sleep(0.03)
    return {"stalled": True}


def _trace(path: str, every: float, warmup: float) -> None:
    time.sleep(warmup)
    base = tracemalloc.take_snapshot()
    while True:
        time.sleep(every)
        top = tracemalloc.take_snapshot().compare_to(base, "lineno")[:15]
        with open(path, "a", encoding="utf-8") as out:
            out.write(f"--- {time.strftime('%H:%M:%S')}\\n")
            out.writelines(f"{stat}\\n" for stat in top)


if os.environ.get("SOAK_TRACEMALLOC"):
    tracemalloc.start(int(os.environ.get("SOAK_FRAMES", "1")))
    threading.Thread(
        target=_trace,
        args=(
            os.environ["SOAK_TRACEMALLOC"],
            float(os.environ["SOAK_EVERY"]),
            float(os.environ["SOAK_WARMUP"]),
        ),
        daemon=True,
    ).start()
"""

# ~1 % of requests stall; the rest are the app's ordinary routes.
MIX = ["/", "/items/3", "/deps", "/", "/later", "/items/4", "/", "/deps"] * 12 + ["/", "/stall"]


def rss_mb(pid: int) -> float:
    return int(_status(pid, "VmRSS")) / 1024.0


def threads(pid: int) -> int:
    return int(_status(pid, "Threads"))


def _status(pid: int, field: str) -> str:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith(f"{field}:"):
                return line.split()[1]
    raise RuntimeError(f"no {field} for pid {pid}")


async def drive(port: int, seconds: float, rate: float | None, connections: int) -> list[int]:
    """Keep-alive connections, closed loop (rate None) or paced to `rate` in all; the
    number of responses and of non-2xx responses."""
    counts = [0, 0]
    deadline = time.monotonic() + seconds
    period = connections / rate if rate else 0.0

    async def one(offset: int) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        paths = itertools.islice(itertools.cycle(MIX), offset, None)
        next_at = time.monotonic() + (period * offset / connections)
        try:
            while time.monotonic() < deadline:
                if period:
                    delay = next_at - time.monotonic()
                    if delay > 0:
                        await asyncio.sleep(delay)
                    next_at += period
                status = await exchange(reader, writer, next(paths))
                counts[0] += 1
                counts[1] += status >= 300
        finally:
            writer.close()

    await asyncio.gather(*(one(i * 7) for i in range(connections)))
    return counts


def soak(args: argparse.Namespace, app_dir: Path) -> None:
    port = free_port()
    # The caller's PYTHONPATH is kept after the app's: pointing it at another checkout's
    # `unjam` soaks that version of the probe.
    env = {
        "PYTHONPATH": os.pathsep.join(filter(None, [str(app_dir), os.environ.get("PYTHONPATH")]))
    }
    if args.tracemalloc:
        trace_path = app_dir / "tracemalloc.txt"
        env.update(
            SOAK_TRACEMALLOC=str(trace_path),
            SOAK_EVERY=str(args.every),
            SOAK_WARMUP=str(args.warmup),
            SOAK_FRAMES=str(args.frames),
        )
    if args.plain:
        argv = uvicorn_argv("soak_app:app", port, loop=args.loop)
    else:
        argv = [
            sys.executable, "-m", "unjam", "serve", "soak_app:app", "--port", str(port),
            "--loop", args.loop, "--app-dir", str(app_dir), "--diagnostics-port",
            str(free_port()), "--", "--log-level", "warning", "--no-access-log",
        ]  # fmt: skip
    with ServerProcess(argv, port, env=env, cwd=str(app_dir)) as server:
        rate = args.rate
        if rate is None:
            done, _ = asyncio.run(drive(port, 5.0, None, 32))
            saturation = done / 5.0
            rate = saturation * args.load
            print(
                f"saturation ≈ {saturation:.0f} req/s; soak at {rate:.0f} req/s ({args.load:.0%})"
            )
        else:
            print(f"soak at {rate:.0f} req/s (--rate)")
        print(f"{'t (s)':>6} {'RSS (MB)':>9} {'threads':>8} {'requests':>9} {'non-2xx':>8}")
        series: list[tuple[float, float]] = [(0.0, rss_mb(server.pid))]
        print(f"{0:>6.0f} {series[0][1]:>9.1f} {threads(server.pid):>8} {0:>9} {0:>8}", flush=True)
        total = [0, 0]
        start = time.monotonic()
        while (elapsed := time.monotonic() - start) < args.duration - 1:
            chunk = min(args.every, args.duration - elapsed)
            done, bad = asyncio.run(drive(port, chunk, rate, args.connections))
            total[0] += done
            total[1] += bad
            series.append((time.monotonic() - start, rss_mb(server.pid)))
            t, mb = series[-1]
            count = threads(server.pid)
            print(f"{t:>6.0f} {mb:>9.1f} {count:>8} {total[0]:>9} {total[1]:>8}", flush=True)
    summarize(series, args.warmup, total)
    if args.tracemalloc:
        print(f"\ntracemalloc (growth since the end of warm-up), last sample, from {trace_path}:")
        text = trace_path.read_text(encoding="utf-8") if trace_path.exists() else ""
        print(text[text.rfind("---") :] if text else "(none written)")


def summarize(series: list[tuple[float, float]], warmup: float, total: list[int]) -> None:
    after = [(t, mb) for t, mb in series if t >= warmup]
    print(f"\n{total[0]} requests, {total[1]} non-2xx")
    if len(after) < 2:
        print("too short to judge memory after warm-up")
        return
    first = after[0][1]
    low, high = min(mb for _, mb in after), max(mb for _, mb in after)
    n = len(after)
    mean_t = sum(t for t, _ in after) / n
    mean_mb = sum(mb for _, mb in after) / n
    slope = sum((t - mean_t) * (mb - mean_mb) for t, mb in after) / sum(
        (t - mean_t) ** 2 for t, _ in after
    )
    print(
        f"after warm-up ({warmup:.0f} s): RSS {first:.1f} MB at first, range {low:.1f}–{high:.1f}"
        f" MB ({(low / first - 1):+.1%} to {(high / first - 1):+.1%}); "
        f"trend {slope * 60:+.2f} MB/min; last {after[-1][1]:.1f} MB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--duration", type=float, default=600.0, help="seconds of soak")
    parser.add_argument("--every", type=float, default=30.0, help="seconds between samples")
    parser.add_argument("--warmup", type=float, default=120.0, help="seconds before judging")
    parser.add_argument("--load", type=float, default=0.6, help="fraction of saturation")
    parser.add_argument("--rate", type=float, default=None, help="req/s (skips saturation)")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--loop", default="auto")
    parser.add_argument("--plain", action="store_true", help="plain uvicorn (baseline)")
    parser.add_argument("--tracemalloc", action="store_true", help="trace what grows")
    parser.add_argument("--frames", type=int, default=1, help="tracemalloc frames kept")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        app_dir = Path(tmp)
        (app_dir / "soak_app.py").write_text(textwrap.dedent(APP), encoding="utf-8")
        soak(args, app_dir)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
