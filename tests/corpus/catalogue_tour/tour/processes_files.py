import glob
import importlib.resources
import os
import shutil
import subprocess
from pathlib import Path

import aiofiles


async def processes() -> None:
    os.system("true")  # expect: UJ001
    os.popen("ls")  # expect: UJ001
    proc = subprocess.Popen(["sleep", "1"])  # expect: UJ001
    proc.wait()  # expect: UJ001
    os.waitpid(proc.pid, 0)  # expect: UJ001
    proc.poll()  # ok
    proc.communicate()  # expect: UJ001
    proc.send_signal(15)  # ok


async def files(root: Path) -> None:
    data = open(root / "a.txt").read()  # expect: UJ001
    (root / "b.txt").write_text(data)  # expect: UJ001
    Path("/tmp/c.txt").read_bytes()  # expect: UJ001
    shutil.rmtree(root / "cache")  # expect: UJ001
    os.listdir(root)  # expect: UJ001
    logs = glob.glob(f"{root}/*.log")  # expect: UJ001
    for old in glob.iglob(f"{root}/*.bak"):  # expect: UJ001
        logs.append(old)
    Path("~/.tour").expanduser().mkdir(exist_ok=True)  # expect: UJ001
    if not root.absolute().with_name("spool").exists():  # expect: UJ001
        Path.home().joinpath(".tour").relative_to(Path.cwd()).touch()  # expect: UJ001
    name = (root / "x.txt").name  # ok
    async with aiofiles.open(root / "d.txt") as fh:  # ok
        await fh.read()  # ok
    print(name.upper(), os.path.join("a", "b"))  # ok
    statics = importlib.resources.files("tour")  # ok: locates the package
    statics.joinpath("statics/index.html").read_text()  # expect: UJ001
    importlib.resources.read_text("tour", "notes.txt")  # expect: UJ001


async def show_docs(url: str) -> None:
    import webbrowser

    webbrowser.open_new_tab(url)  # expect: UJ001


async def refreshed_tools(name: str):
    import importlib

    module = importlib.import_module(f"tour.tools.{name}")  # ok: imported once, then a lookup
    return importlib.reload(module)  # expect: UJ001


__all__ = ["processes", "files", "refreshed_tools", "show_docs"]  # (the coroutines this module offers)
