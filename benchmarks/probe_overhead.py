"""What the probe costs, and what it catches.

1. Throughput of a FastAPI hello-world at saturation: plain uvicorn vs `unjam serve`
   (probe + sampled phases), `unjam serve --before-app` (+ the httptools stamp) vs
   `unjam.instrument(app)` vs
   prometheus-fastapi-instrumentator (the reference). Server pinned to core 0, wrk pinned
   to core 1, warm-up, many short interleaved rounds (the VM's speed drifts by ±5 % over
   seconds), median requests/s and the ratio to plain, the quartiles of the per-round
   ratios, and the server's CPU time per request; then each way in served at the same time
   as plain on one core and loaded at once, whose per-round ratio the VM's drift cannot move
   (the steadiest figure here).
2. Detection rate of injected 10/25/50/100 ms stalls (`time.sleep` in an `async def`) at the
   default 25 ms threshold, read from the diagnostics endpoint, and the number of stalls the
   probe reported while the hello-world app was saturated (should be 0).

3. With `--workers N` (issue 17): `unjam serve --workers N` against `uvicorn --workers N`,
   paired like (1)'s steadiest figure — both served at the same time, both loaded at once,
   the per-round ratio — unpinned, since the workers need the cores; the load comes from wrk
   when installed, else from `unjam load` (closed model).

Usage:  .venv/bin/python benchmarks/probe_overhead.py [--rounds 15] [--seconds 2] [--loop auto]
        .venv/bin/python benchmarks/probe_overhead.py --workers 2 [--rounds 9]
Ratios are from one run on whatever machine runs it; say so when quoting them.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from unjam.server import ServerProcess, free_port, uvicorn_argv  # noqa: E402

APPS = {
    "hello_plain.py": """
        from fastapi import FastAPI

        app = FastAPI()


        @app.get("/")
        async def hello():
            return {"message": "hello"}
    """,
    "hello_instrument.py": """
        import unjam
        from hello_plain import app as plain

        app = unjam.instrument(plain)
    """,
    "hello_pfi.py": """
        from fastapi import FastAPI
        from prometheus_fastapi_instrumentator import Instrumentator

        app = FastAPI()


        @app.get("/")
        async def hello():
            return {"message": "hello"}


        Instrumentator().instrument(app)
    """,
    "stall_app.py": """
        import time

        from fastapi import FastAPI

        app = FastAPI()


        @app.get("/stall")
        async def stall(ms: float):
            time.sleep(ms / 1000.0)
            return {"slept_ms": ms}
    """,
}


def write_apps(directory: Path) -> None:
    for name, source in APPS.items():
        (directory / name).write_text(textwrap.dedent(source).lstrip())


def pinned(core: int, argv: list[str]) -> list[str]:
    return ["taskset", "-c", str(core), *argv] if shutil.which("taskset") else argv


def unjam_serve_argv(app: str, port: int, loop: str, extra: list[str]) -> list[str]:
    return [
        sys.executable, "-m", "unjam", "serve", app, "--port", str(port), "--loop", loop,
        *extra, "--", "--no-access-log", "--log-level", "warning",
    ]  # fmt: skip


def start(argv: list[str], port: int, app_dir: Path) -> ServerProcess:
    env = {"PYTHONPATH": f"{app_dir}:{ROOT}"}
    return ServerProcess(pinned(0, argv), port, env=env, cwd=str(app_dir)).start()


def wrk_argv(url: str, seconds: float, connections: int) -> list[str]:
    """One wrk thread on core 1."""
    return pinned(1, ["wrk", "-t1", f"-c{connections}", f"-d{max(1, round(seconds))}s", url])


def at_once(argvs: list[list[str]]) -> list[str]:
    """Run the load generators together (one per server, so both see the same machine)
    and return what each printed."""
    runs = [subprocess.Popen(argv, stdout=subprocess.PIPE, text=True) for argv in argvs]
    return [run.communicate()[0] for run in runs]


def read_wrk(out: str) -> tuple[float, int]:
    """(requests/s, requests completed) from wrk's report."""
    rate = re.search(r"Requests/sec:\s+([\d.]+)", out)
    done = re.search(r"(\d+) requests in", out)
    if not rate or not done:
        raise RuntimeError(f"cannot read wrk output:\n{out}")
    return float(rate.group(1)), int(done.group(1))


def wrk_run(url: str, seconds: float, connections: int = 64) -> tuple[float, int]:
    """(requests/s, requests completed) of one wrk run."""
    out = subprocess.run(
        wrk_argv(url, seconds, connections), capture_output=True, text=True, check=True
    ).stdout
    return read_wrk(out)


def wrk(url: str, seconds: float, connections: int = 64) -> float:
    return wrk_run(url, seconds, connections)[0]


def cpu_ns(pid: int) -> int:
    """CPU time all threads of the process have run, in ns (/proc/PID/task/*/schedstat;
    steal time is not in it). Every thread: the probe's watchdog runs on a thread of its own."""
    total = 0
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return 0
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as handle:
                total += int(handle.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass  # a thread that just ended
    return total


def quartiles(values: list[float]) -> tuple[float, float, float]:
    if len(values) < 2:
        return (values[0],) * 3 if values else (0.0, 0.0, 0.0)
    q = statistics.quantiles(values, n=4)
    return q[0], statistics.median(values), q[2]


def get_json(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=5) as response:
        return json.loads(response.read())


def post(url: str) -> None:
    request = urllib.request.Request(url, method="POST")
    with urllib.request.urlopen(request, timeout=5):
        pass


def throughput(app_dir: Path, rounds: int, seconds: float, loop: str) -> None:
    diag = free_port()
    names = ("plain", "unjam serve", "serve+before", "instrument", "instrumentator")
    ports = {name: free_port() for name in names}
    servers = {
        "plain": start(uvicorn_argv("hello_plain:app", ports["plain"], loop=loop), ports["plain"], app_dir),
        "unjam serve": start(
            unjam_serve_argv("hello_plain:app", ports["unjam serve"], loop, ["--diagnostics-port", str(diag)]),
            ports["unjam serve"],
            app_dir,
        ),
        "serve+before": start(
            unjam_serve_argv("hello_plain:app", ports["serve+before"], loop, ["--before-app"]),
            ports["serve+before"],
            app_dir,
        ),
        "instrument": start(
            uvicorn_argv("hello_instrument:app", ports["instrument"], loop=loop), ports["instrument"], app_dir
        ),
        "instrumentator": start(
            uvicorn_argv("hello_pfi:app", ports["instrumentator"], loop=loop),
            ports["instrumentator"],
            app_dir,
        ),
    }  # fmt: skip
    results: dict[str, list[float]] = {name: [] for name in servers}
    cpu_per_request: dict[str, list[float]] = {name: [] for name in servers}  # µs
    try:
        for name in servers:
            wrk(f"http://127.0.0.1:{ports[name]}/", 2)  # warm-up
        post(f"http://127.0.0.1:{diag}/reset")
        names = list(servers)
        for round_no in range(rounds):
            order = names[round_no % len(names) :] + names[: round_no % len(names)]
            for name in order:
                pid = servers[name].pid
                before = cpu_ns(pid)
                rate, done = wrk_run(f"http://127.0.0.1:{ports[name]}/", seconds)
                results[name].append(rate)
                cpu_per_request[name].append((cpu_ns(pid) - before) / 1000.0 / max(done, 1))
            print(
                f"  round {round_no + 1}: " + ", ".join(f"{n} {results[n][-1]:.0f}" for n in names)
            )
        saturated_stalls = len(get_json(f"http://127.0.0.1:{diag}/snapshot")["stalls"])
    finally:
        for server in servers.values():
            server.stop()
    plain = statistics.median(results["plain"])
    print(
        f"\nhello-world at saturation, loop={loop}, {rounds} interleaved rounds × {seconds:.0f} s,"
        " wrk -c64 (core 1), server on core 0:"
    )
    print(
        "  ratio = median req/s ÷ plain's; paired = per-round ratios to plain (q1 / median / q3);"
    )
    print(
        "  CPU = the server's CPU time per request (schedstat, excludes steal), its ratio likewise"
    )
    for name in servers:
        median = statistics.median(results[name])
        q1, paired, q3 = quartiles(
            [v / p for v, p in zip(results[name], results["plain"], strict=True)]
        )
        cpu = statistics.median(cpu_per_request[name])
        cpu_ratio = statistics.median(
            [
                p / v
                for v, p in zip(cpu_per_request[name], cpu_per_request["plain"], strict=True)
                if v
            ]
        )
        print(
            f"  {name:15s} median {median:8.0f} req/s   ratio {median / plain:.3f}"
            f"   paired {q1:.3f} / {paired:.3f} / {q3:.3f}"
            f"   CPU {cpu:6.1f} µs/req  ratio {cpu_ratio:.3f}"
        )
    print(f"  stalls reported by the probe while saturated: {saturated_stalls}")


def paired(app_dir: Path, rounds: int, seconds: float, loop: str) -> None:
    """Each way in served *at the same time* as plain, both on core 0, both loaded at once
    (two wrk -c32 on core 1): the per-round req/s ratio. The scheduler shares the core
    fairly, so the ratio is the ratio of per-request costs, and the VM's speed drift, which
    moves sequential rounds by ±5 %, hits both servers alike (plain next to plain: 1.00 ±1 %).
    """
    variants = {
        "plain (control)": lambda port: uvicorn_argv("hello_plain:app", port, loop=loop),
        "unjam serve": lambda port: unjam_serve_argv("hello_plain:app", port, loop, []),
        "instrument": lambda port: uvicorn_argv("hello_instrument:app", port, loop=loop),
    }
    print(f"\npaired with plain on one core, loop={loop}, {rounds} rounds × {seconds:.0f} s:")
    for name, make_argv in variants.items():
        ports = free_port(), free_port()
        plain = start(uvicorn_argv("hello_plain:app", ports[0], loop=loop), ports[0], app_dir)
        other = start(make_argv(ports[1]), ports[1], app_dir)
        ratios = []
        try:
            for round_no in range(rounds + 1):  # the first round warms up
                argvs = [wrk_argv(f"http://127.0.0.1:{port}/", seconds, 32) for port in ports]
                rates = [read_wrk(out)[0] for out in at_once(argvs)]
                if round_no:
                    ratios.append(rates[1] / rates[0])
        finally:
            plain.stop()
            other.stop()
        q1, median, q3 = quartiles(ratios)
        print(f"  {name:16s} req/s ÷ plain's: median {median:.3f}   (q1 {q1:.3f}, q3 {q3:.3f})")


def _send_requests(port: int, count: int, connections: int = 4) -> None:
    """Exactly `count` keep-alive GETs of / over a few connections."""
    import asyncio

    async def one(share: int) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        for _ in range(share):
            writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            head = await reader.readuntil(b"\r\n\r\n")
            length = int(re.search(rb"(?i)content-length: *(\d+)", head).group(1))
            await reader.readexactly(length)
        writer.close()

    async def run() -> None:
        shares = [count // connections] * connections
        shares[0] += count - sum(shares)
        await asyncio.gather(*(one(n) for n in shares))

    asyncio.run(run())


def instructions(
    app_dir: Path, loop: str, small: int = 300, large: int = 1300, idle: float = 4.0
) -> None:
    """User-space instructions per request under valgrind: deterministic on a shared machine.

    The server runs under cachegrind (instruction counting only) three times: serving
    `small` requests, serving `large` requests, and serving `small` requests then idling
    `idle` seconds. (large - small) divided into the difference of the first two is the raw
    figure; it removes startup. Kernel time (the network stack) is not counted, so the
    relative overhead is overstated, not hidden.

    The raw figure also charges each request with the work done per *second* while it ran
    (uvicorn's timers; the probe's heartbeat at 200 Hz and its watchdog), and valgrind runs
    requests ~50x slower than the machine does, so per-second work weighs ~50x too much.
    The idle run measures that rate; "corrected" subtracts rate x the extra wall time of the
    large run, leaving the work done per request.
    """
    if not shutil.which("valgrind"):
        print("\nvalgrind not installed; skipping the instruction count")
        return
    variants = {
        "plain": lambda port: uvicorn_argv("hello_plain:app", port, loop=loop),
        "unjam serve": lambda port: unjam_serve_argv("hello_plain:app", port, loop, []),
        "instrument": lambda port: uvicorn_argv("hello_instrument:app", port, loop=loop),
        "instrumentator": lambda port: uvicorn_argv("hello_pfi:app", port, loop=loop),
    }
    raw: dict[str, float] = {}
    corrected: dict[str, float] = {}
    for name, make_argv in variants.items():
        counts: dict[str, tuple[int, float]] = {}
        for run, count, pause in (("small", small, 0.0), ("large", large, 0.0), ("idle", small, idle)):  # fmt: skip
            port = free_port()
            argv = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
                    "--cachegrind-out-file=/dev/null", *make_argv(port)]  # fmt: skip
            env = {"PYTHONPATH": f"{app_dir}:{ROOT}", "PYTHONHASHSEED": "0"}
            server = ServerProcess(argv, port, env=env, cwd=str(app_dir)).start(ready_timeout=180)
            try:
                began = time.monotonic()
                _send_requests(port, count)
                wall = time.monotonic() - began
                time.sleep(pause)
            finally:
                server.stop(timeout=120)
            match = re.search(r"I\s+refs:\s+([\d,]+)", server.stderr_text())
            if not match:
                raise RuntimeError(f"no valgrind summary for {name}: {server.stderr_tail(3)}")
            counts[run] = (int(match.group(1).replace(",", "")), wall)
        (i_small, w_small), (i_large, w_large), (i_idle, _) = (
            counts["small"],
            counts["large"],
            counts["idle"],
        )
        per_second = max(0.0, (i_idle - i_small) / idle)
        raw[name] = (i_large - i_small) / (large - small)
        corrected[name] = (i_large - i_small - per_second * (w_large - w_small)) / (large - small)
        print(f"  {name}: idle {per_second / 1e6:.1f} M instructions/s under valgrind")
    print(f"\nuser-space instructions per request (valgrind), loop={loop}:")
    print("  (ratio = plain's ÷ this one: the throughput it implies for a CPU-bound server)")
    for name in variants:
        print(
            f"  {name:15s} raw {raw[name]:9.0f}  ratio {raw['plain'] / raw[name]:.3f}   "
            f"corrected {corrected[name]:9.0f}  ratio {corrected['plain'] / corrected[name]:.3f}"
        )


def detection(app_dir: Path, loop: str, per_size: int) -> None:
    port, diag = free_port(), free_port()
    server = start(
        unjam_serve_argv("stall_app:app", port, loop, ["--diagnostics-port", str(diag)]),
        port,
        app_dir,
    )
    try:
        print(f"\ninjected stalls, threshold 25 ms, loop={loop}, {per_size} per size:")
        for size in (10, 25, 35, 50, 100):
            post(f"http://127.0.0.1:{diag}/reset")
            for _ in range(per_size):
                urllib.request.urlopen(f"http://127.0.0.1:{port}/stall?ms={size}", timeout=5).read()
                time.sleep(0.08)
            time.sleep(0.1)
            stalls = get_json(f"http://127.0.0.1:{diag}/snapshot")["stalls"]
            hits = [s for s in stalls if s["route"] == "GET /stall"]
            lines = {s["blocking_frame"]["line"] for s in hits}
            print(
                f"  {size:4d} ms: reported {len(hits):3d}/{per_size} "
                f"({100.0 * len(hits) / per_size:5.1f} %)  blocking lines {sorted(lines)}"
            )
    finally:
        server.stop()


def _load_argv(url: str, seconds: float, connections: int) -> list[str]:
    if shutil.which("wrk"):
        return ["wrk", "-t1", f"-c{connections}", f"-d{max(1, round(seconds))}s", url]
    return [sys.executable, "-m", "unjam", "load", url, "-c", str(connections),
            "-d", f"{seconds:g}s", "-f", "json"]  # fmt: skip


def _load_rate(out: str) -> float:
    if out.lstrip().startswith("{"):
        report = json.loads(out)
        return report["requests"] / ((report["duration"] + report["wait"]) / 1e9)
    return read_wrk(out)[0]


IDLE_S = 5.0


def _tree_cpu_ns(pid: int) -> int:
    """CPU time of a process and all its descendants (the workers), in ns."""
    import psutil

    try:
        children = psutil.Process(pid).children(recursive=True)
    except psutil.Error:
        return 0
    return cpu_ns(pid) + sum(cpu_ns(child.pid) for child in children)


def fleet(app_dir: Path, rounds: int, seconds: float, loop: str, workers: int) -> None:
    """`unjam serve --workers N` paired with `uvicorn --workers N`: served at the same time,
    loaded at once, the per-round ratio of requests/s (the probe's cost, the merge included:
    each worker writes its state file every half second)."""
    ports = free_port(), free_port()
    diag = free_port()
    argvs = (
        uvicorn_argv("hello_plain:app", ports[0], loop=loop, extra=["--workers", str(workers)]),
        [*unjam_serve_argv("hello_plain:app", ports[1], loop, ["--workers", str(workers),
         "--diagnostics-port", str(diag)])],
    )  # fmt: skip
    env = {"PYTHONPATH": f"{app_dir}:{ROOT}"}
    servers = [
        ServerProcess(argv, port, env=env, cwd=str(app_dir)).start()
        for argv, port in zip(argvs, ports, strict=True)
    ]
    ratios, rates, cpu_ratios = [], [], []
    try:
        time.sleep(2.0)  # every worker up
        for port in ports:  # each worker attached (the probe attaches on its first request)
            for _ in range(4 * workers):
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).read()
        idle_before = [_tree_cpu_ns(server.pid) for server in servers]
        time.sleep(IDLE_S)
        idle = [
            (_tree_cpu_ns(s.pid) - b) / IDLE_S / 1e6
            for s, b in zip(servers, idle_before, strict=True)
        ]
        for round_no in range(rounds + 1):  # the first round warms up
            cpu_before = [_tree_cpu_ns(server.pid) for server in servers]
            argvs = [_load_argv(f"http://127.0.0.1:{port}/", seconds, 32) for port in ports]
            pair = [_load_rate(out) for out in at_once(argvs)]
            cpu = [_tree_cpu_ns(s.pid) - b for s, b in zip(servers, cpu_before, strict=True)]
            if round_no:
                ratios.append(pair[1] / pair[0])
                rates.append(pair)
                # CPU per request (seconds x rate = requests), the probe's ÷ plain's
                cpu_ratios.append((cpu[1] / pair[1]) / (cpu[0] / pair[0]))
        snap = get_json(f"http://127.0.0.1:{diag}/snapshot")
    finally:
        for server in servers:
            server.stop()
    q1, median, q3 = quartiles(ratios)
    tool = "wrk -c32" if shutil.which("wrk") else "unjam load -c 32"
    print(
        f"\n{workers} workers, paired (both served and loaded at once, {tool} each), "
        f"loop={loop}, {rounds} rounds × {seconds:g} s:"
    )
    print(
        f"  plain uvicorn --workers {workers}: median {statistics.median(r[0] for r in rates):.0f}"
        f" req/s; unjam serve --workers {workers}: {statistics.median(r[1] for r in rates):.0f}"
    )
    print(f"  req/s ÷ plain's: median {median:.3f}   (q1 {q1:.3f}, q3 {q3:.3f})")
    print(
        f"  idle CPU (all processes, {IDLE_S:g} s): plain {idle[0]:.1f} ms/s, "
        f"unjam serve {idle[1]:.1f} ms/s"
    )
    q1, median, q3 = quartiles(cpu_ratios)
    print(
        f"  CPU per request (all processes of each server) ÷ plain's: median {median:.3f}"
        f"   (q1 {q1:.3f}, q3 {q3:.3f})"
    )
    requests = sum(r["requests"] for r in snap["routes"].values())
    print(
        f"  snapshot: {len(snap.get('workers', [1]))} workers, {requests} requests counted, "
        f"{len(snap['stalls'])} stalls"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--loop", default="auto", choices=["auto", "asyncio", "uvloop"])
    parser.add_argument("--stalls-per-size", type=int, default=20)
    parser.add_argument("--skip-throughput", action="store_true")
    parser.add_argument(
        "--instructions", action="store_true", help="also count instructions under valgrind"
    )
    parser.add_argument(
        "--workers", type=int, default=0, help="only the N-worker comparison (issue 17)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="unjam-bench-") as tmp:
        app_dir = Path(tmp)
        write_apps(app_dir)
        if args.workers:
            fleet(app_dir, args.rounds, args.seconds, args.loop, args.workers)
            return
        if not args.skip_throughput:
            throughput(app_dir, args.rounds, args.seconds, args.loop)
            paired(app_dir, args.rounds, args.seconds, args.loop)
        if args.instructions:
            instructions(app_dir, args.loop)
        detection(app_dir, args.loop, args.stalls_per_size)


if __name__ == "__main__":
    main()
