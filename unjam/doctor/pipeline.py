"""The doctor, start to finish: check → serve with the probe → routes → load each → correlate
→ capacity model → ranked report.

Each stage lives in its own module; this one only sequences them and owns the child
processes (the analyzer runs while the app starts, then the app is stopped by pid whatever
happens).
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from unjam.doctor import report as report_mod
from unjam.doctor.analyse import analyse
from unjam.doctor.diagnostics import CpuMeter, Diagnostics
from unjam.doctor.liveness import Liveness, answers
from unjam.doctor.measure import Interrupted, Recorder, measure_route, measure_stream
from unjam.doctor.options import (
    DoctorOptions,
    Progress,
    check_app_spec,
    check_uvicorn_args,
    serve_argv,
)
from unjam.doctor.routes import RoutePlan, plan_routes, read_targets_file
from unjam.doctor.static import StaticResult, locate_module, static_findings
from unjam.doctor.streams import stream_kind
from unjam.errors import AppFailed, BadInput, UserError
from unjam.server import LOCALHOST, ServerProcess, free_ports


@dataclass
class Measured:
    """What the run measured so far: all of it is reported, even after Ctrl-C."""

    startup: dict = field(default_factory=dict)  # the probe's snapshot right after start-up
    startup_s: float = 0.0
    plan: RoutePlan | None = None
    recorder: Recorder | None = None
    runs: dict[str, dict] = field(default_factory=dict)
    restarts: list[dict] = field(default_factory=list)
    partial: bool = False


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


def run_doctor(opts: DoctorOptions, progress: Progress | None = None) -> dict:
    """Diagnose `opts.app`; writes OUT/report.json and OUT/report.html, returns the report."""
    say = progress or (lambda message: None)
    started = time.monotonic()
    module = check_app_spec(opts.app)
    check_uvicorn_args(opts.uvicorn_args)
    # Bad input fails before anything starts.
    user_targets = read_targets_file(opts.targets_file) if opts.targets_file else []
    user_targets += list(opts.targets)
    if opts.only_targets and not user_targets:
        raise UserError("--only-targets needs --targets FILE (the requests to send)")
    spare, diag_port = free_ports(2)
    port = opts.port or spare
    if diag_port == port:  # the user's --port happens to be the one the OS picked
        diag_port = spare
    server = _server(opts, port, diag_port)
    say(f"serving {opts.app} with the probe on {LOCALHOST}:{port}")
    launched = time.monotonic()
    static = _analyse_while_starting(server, module, opts, say)
    measured = Measured()
    try:
        diagnostics = _ready(opts, diag_port, measured, launched)
        _plan(opts, server, user_targets, static, measured, say)
        _load_routes(opts, server, diagnostics, measured, say)
    except KeyboardInterrupt:
        measured.partial = True
        say("interrupted: stopping the server and writing the report of what was measured")
    finally:
        code = server.stop(timeout=1.5 if measured.partial else 10.0)
        say(f"server stopped (exit {code})")
    report = analyse(
        opts=opts,
        static=static,
        startup=measured.startup,
        plan=measured.plan or RoutePlan(),
        runs=measured.runs,
        threadpool_timeline=measured.recorder.threadpool_timeline if measured.recorder else [],
        wall_s=time.monotonic() - started,
    )
    report["startup_s"] = round(measured.startup_s, 2)
    report["partial"] = measured.partial
    report["restarts"] = measured.restarts
    report_mod.write(report, opts.out)
    return report


def _server(opts: DoctorOptions, port: int, diag_port: int) -> ServerProcess:
    """`unjam serve` of the app, importable from its directory."""
    app_dir = opts.app_dir.resolve()
    env = dict(opts.env)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(app_dir), env.get("PYTHONPATH") or os.environ.get("PYTHONPATH", "")) if p
    )
    argv = serve_argv(opts, port, diag_port, opts.out / "probe.json")
    return ServerProcess(argv, port, env=env, cwd=str(app_dir))


def _analyse_while_starting(
    server: ServerProcess, module: str, opts: DoctorOptions, say: Progress
) -> StaticResult:
    """Run the analyser while the app starts; the app's failure to start is the run's error."""
    join_server = _start_in_background(server)
    say("unjam check: analysing the source")
    try:
        static = _static(module, opts.app_dir.resolve(), opts.source_dir)
        join_server()
    except AppFailed as err:
        raise AppFailed(f"{opts.app} did not start: {_short(str(err))}") from None
    except BaseException:  # Ctrl-C while starting: nothing measured, nothing left running
        with contextlib.suppress(BaseException):
            join_server()
        server.stop(timeout=1.5)
        raise
    return static


def _ready(opts: DoctorOptions, diag_port: int, measured: Measured, launched: float) -> Diagnostics:
    """Wait for the probe; its first snapshot holds the stalls of start-up."""
    try:  # only now: a run that fails to start leaves no empty report directory behind
        opts.out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise BadInput(f"cannot create the report directory {opts.out}: {err.strerror}") from None
    diagnostics = Diagnostics(diag_port)
    diagnostics.wait_ready()
    measured.startup_s = time.monotonic() - launched
    measured.startup = diagnostics.snapshot()
    return diagnostics


def _plan(
    opts: DoctorOptions,
    server: ServerProcess,
    user_targets: list,
    static: StaticResult,
    measured: Measured,
    say: Progress,
) -> None:
    """The requests of every route to load, from the schema and the user's targets."""
    plan = measured.plan = plan_routes(
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


def _load_routes(
    opts: DoctorOptions,
    server: ServerProcess,
    diagnostics: Diagnostics,
    measured: Measured,
    say: Progress,
) -> None:
    """Load the routes one after the other; a route that froze the server restarts it."""
    plan = measured.plan or RoutePlan()
    liveness = Liveness(
        server.port,
        opts.openapi_path if plan.has_schema else "/",
        freeze_after_s=opts.budget.freeze_after_s,
        route_timeout_s=opts.budget.request_timeout_s,
        snapshot=diagnostics.snapshot,
    )
    recorder = measured.recorder = Recorder(diagnostics, CpuMeter(server.pid), liveness=liveness)
    liveness.cpu_seconds = lambda: recorder.cpu.seconds()
    runs, restarts = measured.runs, measured.restarts
    for number, (route, targets) in enumerate(plan.targets.items(), start=1):
        if not answers(server.port, liveness.path, timeout=2.0):
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


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) < 300 else text[:297] + "..."
