"""`python -m unjam.doctor.demo`: the doctor on the lab's broken webhook (seed 000), one command.

Starts the lab's webhook downstreams (the local SQS-compatible server), runs `unjam run` on the
variant whose `async def` handler calls boto3 directly, prints the terminal summary and where
the report is. `make demo` runs this.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rich.console import Console


def variant_targets(chosen, count: int = 20) -> list:
    """Valid requests for a lab variant (its sample payloads), as load targets.

    The webhook reads its raw body, so its OpenAPI schema has no body to generate from; the
    lab knows what a valid invoice looks like. The host is replaced by the doctor's server.
    """
    from unjam.load import Target

    targets = []
    for n in range(count):
        method, path, headers, body = chosen.sample_request(n)
        targets.append(
            Target(method=method, url=f"http://127.0.0.1{path}", headers=headers, body=body)
        )
    return targets


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m unjam.doctor.demo", description=__doc__)
    parser.add_argument("--variant", default="blocking_async", help="webhook variant to diagnose")
    parser.add_argument("--out", type=Path, default=Path("unjam-out"), help="report directory")
    parser.add_argument("--duration", type=float, default=6.0, help="seconds of load per route")
    args = parser.parse_args(argv)

    from unjam.doctor.measure import Budget
    from unjam.doctor.options import DoctorOptions
    from unjam.doctor.pipeline import run_doctor
    from unjam.doctor.summary import print_summary, wide_console
    from unjam.errors import UserError
    from unjam.lab.registry import downstreams, variant

    err = Console(stderr=True)
    try:
        chosen = variant("webhook", args.variant)
        err.print(f"[bold]unjam demo[/bold]: {chosen.description}")
        err.print(f"[dim]starting the webhook's downstreams; diagnosing {chosen.app}[/dim]")
        with downstreams("webhook") as env:
            report = run_doctor(
                DoctorOptions(
                    app=chosen.app,
                    out=args.out,
                    budget=Budget(per_route_s=args.duration),
                    env=dict(env),
                    routes=[chosen.route],
                    targets=variant_targets(chosen),
                ),
                progress=lambda message: err.print(f"[dim]{message}[/dim]"),
            )
    except UserError as error:
        print(f"unjam: error: {error}", file=sys.stderr)
        return int(error.exit_code)
    console = wide_console()
    print_summary(report, args.out, console)
    html = (args.out / "report.html").resolve()
    console.print(f"\n[bold]Open the report:[/bold] {html}")
    console.print(f"[dim](file://{html})[/dim]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
