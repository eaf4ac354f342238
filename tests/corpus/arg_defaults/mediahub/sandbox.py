"""A context manager whose keyword defaults to None: `@asynccontextmanager` calls the
generator with the `async with` call's arguments, so the route that leaves `workdir` unset
never runs its branch (only the sync job, which no route serves, passes one). Likewise
`@contextmanager`'s `keep`."""

import asyncio
import subprocess
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path


@asynccontextmanager
async def agent(*, workdir: Path | None = None):
    cmd = ["ssh-agent", "-s"]
    if workdir is not None:
        workdir.mkdir(parents=True, exist_ok=True)  # ok: no served caller passes workdir
        cmd += ["-a", str(workdir / "agent.sock")]
    yield await asyncio.to_thread(subprocess.run, cmd, capture_output=True)


@contextmanager
def scratch(keep: bool = False):
    yield "scratch"
    if keep:
        Path("scratch.log").write_text("kept")  # ok: no served caller passes keep=True


@asynccontextmanager
async def repo_context(url: str | None = None):
    if url is None:
        yield None
    else:
        async with agent() as env:
            yield env


async def list_commits(url: str):
    async with repo_context(url) as env:
        with scratch():
            return env


async def sync_repo(url: str, root: Path):
    async with agent(workdir=root / "sock") as env:
        with scratch(keep=True):
            return env
