"""Wall time of `unjam run` on a 10-route FastAPI app with the default per-route budget.

Goal: at most 60 s. The app mixes what real services have: async and sync endpoints, path and
query parameters, a JSON body model, two routes that block (an `async def` calling
`time.sleep`, a `def` holding a thread-pool token for 20 ms). Run:

    .venv/bin/python benchmarks/doctor_wall.py [--duration SECONDS]

Prints the wall time, the report's own stage timings and what the doctor ranked first.
Server and load generator share the machine (the doctor starts both), so on a loaded 2-core
machine the figure is an upper bound.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

APP = textwrap.dedent(
    """\
    import asyncio
    import time

    from fastapi import FastAPI
    from pydantic import BaseModel

    app = FastAPI()


    class Item(BaseModel):
        name: str
        price: float


    @app.get("/")
    async def root():
        return {"ok": True}


    @app.get("/items/{item_id}")
    async def read_item(item_id: int, q: str | None = None):
        return {"id": item_id, "q": q}


    @app.post("/items")
    async def create_item(item: Item):
        return item


    @app.put("/items/{item_id}")
    def update_item(item_id: int, item: Item):
        return {"id": item_id, **item.model_dump()}


    @app.get("/users/{user_id}")
    def read_user(user_id: int):
        return {"id": user_id}


    @app.get("/search")
    async def search(q: str = "x", limit: int = 10):
        return {"q": q, "limit": limit}


    @app.get("/slow-async")
    async def slow_async():
        time.sleep(0.02)
        return {"ok": True}


    @app.get("/slow-sync")
    def slow_sync():
        time.sleep(0.02)
        return {"ok": True}


    @app.get("/await")
    async def awaiting():
        await asyncio.sleep(0.01)
        return {"ok": True}


    @app.delete("/items/{item_id}")
    async def delete_item(item_id: int):
        return {"deleted": item_id}
    """
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--duration", default=None, help="per-route budget (default: unjam's)")
    parser.add_argument("--keep", type=Path, default=None, help="copy the report here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="unjam-bench-") as tmp:
        root = Path(tmp)
        (root / "tenroutes.py").write_text(APP)
        out = root / "out"
        argv = [sys.executable, "-m", "unjam", "run", "tenroutes:app", "--app-dir", str(root)]
        argv += ["--out", str(out), "--quiet"]
        if args.duration:
            argv += ["--duration", str(args.duration)]
        started = time.monotonic()
        done = subprocess.run(argv, capture_output=True, text=True)
        wall = time.monotonic() - started
        if done.returncode not in (0, 1):
            print(done.stderr, file=sys.stderr)
            return 2
        report = json.loads((out / "report.json").read_text())
        if args.keep:
            shutil.copytree(out, args.keep, dirs_exist_ok=True)
    routes = report["routes"]
    per_route = [run.get("wall_s", 0.0) for run in routes.values()]
    print(f"unjam run on a 10-route app: {wall:.1f} s wall (goal <= 60 s)")
    print(f"  routes measured {len(routes)}, skipped {len(report['skipped_routes'])}")
    print(
        f"  per-route budget {report['settings']['per_route_s']} s; measured per route "
        f"min {min(per_route):.1f} s, max {max(per_route):.1f} s, sum {sum(per_route):.1f} s"
    )
    print(f"  overhead (check, start-up, discovery, report) {wall - sum(per_route):.1f} s")
    for item in report["ranked"][:3]:
        print(f"  #{item['rank']} [{item['status']}] {item['message'][:140]}")
    print(f"  within goal: {'yes' if wall <= 60 else 'NO'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
