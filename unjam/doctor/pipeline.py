"""The doctor, start to finish: check → serve with the probe → routes → load each → correlate
→ capacity model → ranked report.

Each stage lives in its own module; this one only sequences them and owns the child
processes (the analyzer runs while the app starts, then the app is stopped by pid whatever
happens).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from unjam.doctor import report as report_mod
from unjam.doctor.capacity import route_capacity
from unjam.doctor.correlate import correlate, group_stalls, user_frame
from unjam.doctor.diagnostics import CpuMeter, Diagnostics
from unjam.doctor.liveness import Liveness, answers
from unjam.doctor.measure import Budget, Interrupted, Recorder, measure_route, measure_stream
from unjam.doctor.rank import rank
from unjam.doctor.routes import RoutePlan, plan_routes, read_targets_file
from unjam.doctor.static import (
    StaticResult,
    align_routes,
    endpoint_for,
    locate_module,
    static_findings,
)
from unjam.doctor.streams import stream_kind
from unjam.errors import AppFailed, BadInput, UserError
from unjam.server import LOCALHOST, ServerProcess, free_port

DOCTOR_STALL_THRESHOLD_MS = 10.0
OWN_OPTIONS = ("--host", "--port", "--uds", "--fd", "--workers", "--reload")


@dataclass
class DoctorOptions:
    app: str
    out: Path = Path("unjam-out")
    budget: Budget = field(default_factory=Budget)
    targets_file: Path | None = None
    # Requests given in code (the lab's sample payloads); like a targets file, they override
    # the generated requests of the routes they cover. Their host and port are replaced.
    targets: list = field(default_factory=list)
    app_dir: Path = field(default_factory=Path.cwd)
    source_dir: Path | None = None
    port: int | None = None
    uvicorn_args: list[str] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    routes: list[str] | None = None
    openapi_path: str = "/openapi.json"
    # Lower than the probe's 25 ms production default: during a diagnosis, resolution matters
    # more than overhead (a 20 ms blocking call would otherwise only show when calls merge).
    stall_threshold_ms: float | None = DOCTOR_STALL_THRESHOLD_MS
    # Methods sent besides GET, HEAD and OPTIONS (generated requests only): opt-in, they may
    # change data. A targets file's requests are the user's own and always sent.
    methods: tuple[str, ...] = ()
    only_targets: bool = False  # load only the routes the targets file covers


Progress = Callable[[str], None]


def _check_app_spec(app: str) -> str:
    module, sep, attr = app.partition(":")
    if not sep or not module or not attr:
        raise UserError(f"app {app!r} must be written module:attribute, e.g. main:app")
    return module


def _check_uvicorn_args(args: list[str]) -> None:
    for arg in args:
        name = arg.split("=", 1)[0]
        if name in OWN_OPTIONS:
            raise UserError(
                f"uvicorn option {name} is set by unjam run (one worker on 127.0.0.1); "
                "use unjam run --port to choose the port"
            )


def _static(module: str, app_dir: Path, source_dir: Path | None) -> StaticResult:
    """The analyser's findings and route plans; an error in it is reported, not raised (the
    analysis is evidence, not a precondition)."""
    try:
        module_file = locate_module(module, [app_dir, *map(Path, sys.path[1:] if sys.path else [])])
    except UserError as err:
        return StaticResult(source_dir=app_dir, error=str(err))
    try:
        return static_findings(module, module_file, source_dir.resolve() if source_dir else None)
    except Exception as err:
        return StaticResult(source_dir=app_dir, error=f"{type(err).__name__}: {err}")


def _start_in_background(server: ServerProcess):
    """Start the app in a thread (it is mostly waiting for its port) while the main thread
    analyses the source: the analyser's native parser is run from the main thread only, as
    `unjam check` runs it. The returned function joins, raising what `start` raised."""
    box: dict = {}

    def work() -> None:
        try:
            server.start(ready_timeout=45.0)
        except BaseException as err:  # handed to the main thread
            box["error"] = err

    thread = threading.Thread(target=work, name="unjam-serve", daemon=True)
    thread.start()

    def join() -> None:
        thread.join()
        if "error" in box:
            raise box["error"]

    return join


def serve_argv(opts: DoctorOptions, port: int, diag_port: int, probe_json: Path) -> list[str]:
    argv = [sys.executable, "-m", "unjam", "serve", opts.app, "--host", LOCALHOST]
    argv += ["--port", str(port), "--diagnostics-port", str(diag_port)]
    argv += ["--probe-json", str(probe_json), "--app-dir", str(opts.app_dir.resolve())]
    argv += ["--before-app"]  # a diagnosis wants the queueing time; production pays nothing
    if opts.stall_threshold_ms is not None:
        argv += ["--stall-threshold-ms", str(opts.stall_threshold_ms)]
    serve_own, passthrough = split_serve_options(opts.uvicorn_args)
    # After `--`, everything goes to uvicorn's own command line (the last of a repeated
    # option wins, so the user's choices override unjam serve's defaults). uvicorn's access
    # log writes to the doctor's capture of stderr on the loop: its stalls would be the
    # doctor's, not the app's (pass `-- --access-log` to measure it anyway).
    return [*argv, *serve_own, "--", "--no-access-log", *passthrough]


# uvicorn options that `unjam serve` itself owns: the probe must know the loop it attaches to.
SERVE_VALUE_OPTIONS = ("--loop",)
SERVE_FLAGS = ("--factory",)


def split_serve_options(args: list[str]) -> tuple[list[str], list[str]]:
    """The user's uvicorn options, split into those `unjam serve` parses and the rest."""
    own: list[str] = []
    rest: list[str] = []
    index = 0
    while index < len(args):
        arg = args[index]
        name = arg.split("=", 1)[0]
        if name in SERVE_FLAGS or (name in SERVE_VALUE_OPTIONS and "=" in arg):
            own.append(arg)
        elif name in SERVE_VALUE_OPTIONS and index + 1 < len(args):
            own += [arg, args[index + 1]]
            index += 1
        else:
            rest.append(arg)
        index += 1
    return own, rest


def run_doctor(opts: DoctorOptions, progress: Progress | None = None) -> dict:
    """Diagnose `opts.app`; writes OUT/report.json and OUT/report.html, returns the report."""
    say = progress or (lambda message: None)
    started = time.monotonic()
    module = _check_app_spec(opts.app)
    _check_uvicorn_args(opts.uvicorn_args)
    app_dir = opts.app_dir.resolve()
    out = opts.out
    # Bad input fails before anything starts.
    user_targets = read_targets_file(opts.targets_file) if opts.targets_file else []
    user_targets += list(opts.targets)
    if opts.only_targets and not user_targets:
        raise UserError("--only-targets needs --targets FILE (the requests to send)")
    port = opts.port or free_port()
    diag_port = free_port()
    env = dict(opts.env)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(app_dir), env.get("PYTHONPATH") or os.environ.get("PYTHONPATH", "")) if p
    )
    server = ServerProcess(
        serve_argv(opts, port, diag_port, out / "probe.json"), port, env=env, cwd=str(app_dir)
    )
    say(f"serving {opts.app} with the probe on {LOCALHOST}:{port}")
    launched = time.monotonic()
    join_server = _start_in_background(server)
    say("unjam check: analysing the source")
    try:
        static = _static(module, app_dir, opts.source_dir)
        join_server()
    except AppFailed as err:
        raise AppFailed(f"{opts.app} did not start: {_short(str(err))}") from None
    except BaseException:  # Ctrl-C while starting: nothing measured, nothing left running
        with contextlib.suppress(BaseException):
            join_server()
        server.stop(timeout=1.5)
        raise

    runs: dict[str, dict] = {}
    startup_s = 0.0
    restarts: list[dict] = []
    partial = False
    plan = None
    recorder = None
    startup: dict = {}
    try:
        try:  # only now: a run that fails to start leaves no empty report directory behind
            out.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise BadInput(f"cannot create the report directory {out}: {err.strerror}") from None
        diagnostics = Diagnostics(diag_port)
        diagnostics.wait_ready()
        startup_s = time.monotonic() - launched
        startup = diagnostics.snapshot()
        plan = plan_routes(
            server.url,
            app=opts.app,
            user_targets=user_targets,
            only=opts.routes,
            openapi_path=opts.openapi_path,
            methods=opts.methods,
            only_targets=opts.only_targets,
        )
        if plan.unsafe_methods:
            say(
                f"warning: sending {', '.join(plan.unsafe_methods)} requests with generated "
                "bodies: data in the app (and its database) may change"
            )
        if static.error:
            say(f"unjam check: {static.error}")
        else:
            say(f"unjam check: {len(static.findings)} finding(s) in the app's modules")
        liveness = Liveness(
            port,
            opts.openapi_path if plan.has_schema else "/",
            freeze_after_s=opts.budget.freeze_after_s,
            route_timeout_s=opts.budget.request_timeout_s,
            snapshot=diagnostics.snapshot,
        )
        recorder = Recorder(diagnostics, CpuMeter(server.pid), liveness=liveness)
        liveness.cpu_seconds = lambda: recorder.cpu.seconds()
        for number, (route, targets) in enumerate(plan.targets.items(), start=1):
            if not answers(port, liveness.path, timeout=2.0):
                say(f"the server does not answer before {route}: restarting it")
                _restart(server, recorder, restarts, f"not answering before {route}")
            say(f"[{number}/{len(plan.targets)}] loading {route}")
            try:
                runs[route] = _load_route(route, targets, server, recorder, opts, say)
            except Interrupted as stop:
                runs[route] = stop.run
                raise
            finally:
                if route in runs:
                    runs[route]["source"] = plan.source.get(route, "openapi")
            frozen = runs[route].get("frozen")
            if frozen:
                say(
                    f"{route} froze the server at {frozen['at']} "
                    f"(no answer for {frozen['waited_s']:.0f} s): restarting it"
                )
                _restart(server, recorder, restarts, f"frozen by {route}")
    except KeyboardInterrupt:
        partial = True
        say("interrupted: stopping the server and writing the report of what was measured")
    finally:
        code = server.stop(timeout=1.5 if partial else 10.0)
        say(f"server stopped (exit {code})")
    if plan is None:
        plan = RoutePlan()
    report = analyse(
        opts=opts,
        static=static,
        startup=startup,
        plan=plan,
        runs=runs,
        threadpool_timeline=recorder.threadpool_timeline if recorder else [],
        wall_s=time.monotonic() - started,
    )
    report["startup_s"] = round(startup_s, 2)
    report["partial"] = partial
    report["restarts"] = restarts
    report_mod.write(report, out)
    return report


def _load_route(
    route: str, targets: list, server: ServerProcess, recorder: Recorder, opts, say
) -> dict:
    """One route's measurement (a stream's, or the sweep and knee search); an app that exits
    or a probe that stops answering meanwhile is the run's error, named with the route."""
    try:
        kind = stream_kind(targets[0])
        if kind:
            say(f"{route} streams ({kind}): measuring the time to its first event")
            return measure_stream(route, targets, kind, recorder, opts.budget)
        return measure_route(route, targets, recorder, opts.budget)
    except (OSError, UserError) as err:
        if server.proc is not None and server.proc.poll() is not None:
            tail = _short(server.stderr_tail(2))
            raise AppFailed(
                f"{opts.app} exited (code {server.proc.returncode}) while {route} was "
                f"loaded: {tail or 'no output'}"
            ) from None
        if isinstance(err, UserError):
            raise
        raise AppFailed(f"the probe stopped answering while {route} was loaded: {err}") from None


def _restart(server: ServerProcess, recorder: Recorder, restarts: list, why: str) -> None:
    """A fresh server for the next route: measurements on a wedged one would be invalid."""
    server.stop(timeout=2.0)
    server.start(ready_timeout=45.0)
    recorder.diagnostics.wait_ready()
    recorder.cpu = CpuMeter(server.pid)
    restarts.append({"why": why})


def analyse(
    *,
    opts: DoctorOptions,
    static: StaticResult,
    startup: dict,
    plan,
    runs: dict[str, dict],
    threadpool_timeline: list,
    wall_s: float,
) -> dict:
    """From measurements to the report: correlate, model capacity, rank (no I/O)."""
    total_tokens = _total_tokens(runs, startup)
    findings = static.findings
    align_routes(findings, [*runs, *(route for route, _ in plan.skipped)])
    roots = [str(opts.app_dir.resolve()), str(static.source_dir)]
    groups = group_stalls(
        [user_frame(stall, roots) for stall in startup.get("stalls") or []], startup=True
    )
    groups += group_stalls(
        [
            user_frame(
                {
                    **stall,
                    # a background task's stall is the task's (the probe names the route
                    # that scheduled it when it knows), not the route under load
                    "route": stall.get("route") or (None if stall.get("task") else route),
                    "endpoint": stall.get("endpoint") or stall.get("task"),
                    # the warm-up's few requests pay one-off costs: not a level's cost
                    "step": (route, index) if step.get("phase") != "warmup" else None,
                    "step_requests": step.get("requests") or 0,
                },
                roots,
            )
            for route, run in runs.items()
            for index, step in enumerate(run["steps"])
            if not step.get("invalid")  # a frozen step's stalls are the freeze's, below
            for stall in step["stalls"]
        ]
        + [
            freeze_stall(route, run["frozen"], roots)
            for route, run in runs.items()
            if run.get("frozen")
        ]
    )
    correlation = correlate(findings, groups, runs)
    capacities = {
        route: route_capacity(
            run, total_tokens=total_tokens, plan=endpoint_for(route, static.routes)
        )
        for route, run in runs.items()
    }
    ranked = rank(
        findings, correlation.statuses, groups, runs, capacities, static.endpoints, static.routes
    )
    return report_mod.build(
        opts=opts,
        static=static,
        plan=plan,
        runs=runs,
        capacities=capacities,
        correlation=correlation,
        ranked=ranked,
        threadpool_timeline=threadpool_timeline,
        total_tokens=total_tokens,
        probe=probe_health(startup, runs),
        wall_s=wall_s,
        created_at=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
    )


def freeze_stall(route: str, freeze: dict, roots: list[str]) -> dict:
    """A freeze as a stall of its own (grouped and matched to findings like any stall)."""
    stall = {
        "route": route,
        "duration_ms": float(freeze.get("waited_s") or 0.0) * 1000.0,
        "blocking_frame": freeze.get("frame") or {"path": "?", "line": 0, "function": "?"},
        "stack": freeze.get("stack") or [],
        "freeze": freeze,
    }
    return user_frame(stall, roots)


def probe_health(startup: dict, runs: dict[str, dict]) -> dict:
    """The probe's own block at start-up, with the errors and warnings of every step added:
    a probe that failed inside explains missing stalls better than any model."""
    probe = dict(startup.get("probe") or {})
    warnings = list(probe.get("warnings") or [])
    errors = int(probe.get("errors") or 0)
    for run in runs.values():
        for step in run["steps"]:
            seen = step.get("probe") or {}
            errors = max(errors, int(seen.get("errors") or 0))
            warnings += [w for w in seen.get("warnings") or [] if w not in warnings]
    probe["errors"], probe["warnings"] = errors, warnings
    return probe


def _total_tokens(runs: dict[str, dict], startup: dict) -> int:
    for run in runs.values():
        for step in run["steps"]:
            tokens = (step.get("threadpool") or {}).get("total_tokens")
            if tokens:
                return int(tokens)
    return int((startup.get("threadpool") or {}).get("total_tokens") or 40)


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) < 300 else text[:297] + "..."
