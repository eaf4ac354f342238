"""Files the kernel makes up on read: `/proc/...`, `/sys/...` (procfs, sysfs, cgroupfs), and
the devices that never wait (`/dev/null`, `os.devnull`, `/dev/zero`, `/dev/urandom`).

`open("/sys/fs/cgroup/cpu.max")` never waits on a device: the kernel writes the few bytes
from memory, faster than a hop to a worker thread would be; `open(os.devnull, "w")` (to
silence output) waits on nothing either. So a file call (`open`, `os.path.exists`, …) whose
path is such a file blocks nothing. The path is known when constant_text.py can read it: a
constant, or for a kernel directory, such a constant joined with something (`"/proc/" +
pid`, `f"/proc/{pid}/stat"`) — given to the call, or to the `Path(...)` whose method it is
(`Path(f"/proc/{pid}/stat").read_text()`, also through a local bound once)."""

from __future__ import annotations

from unjam.analysis.constant_text import constant_text
from unjam.analysis.project import Func, Project
from unjam.analysis.summary import CallSite

_KERNEL_DIRS = ("/proc/", "/sys/")
_NEVER_WAIT = frozenset(("/dev/null", "/dev/zero", "/dev/urandom"))
# file calls whose first argument is the path read
_PATH_ARGUMENT = frozenset(("builtins.open", "os.listdir", "os.scandir", "os.walk"))
# `pathlib.Path` methods that read a file or its metadata, the path being the receiver's
_PATH_METHODS = frozenset(
    f"pathlib.Path.{name}"
    for name in (
        "read_text",
        "read_bytes",
        "open",
        "exists",
        "is_file",
        "is_dir",
        "stat",
        "iterdir",
        "glob",
        "rglob",
        "readlink",
    )
)
KERNEL_FILE_CALLS = _PATH_ARGUMENT | _PATH_METHODS
_PATH_CLASSES = frozenset(("pathlib.Path", "pathlib.PosixPath"))


def kernel_file_call(project: Project, func: Func, site: CallSite, qn: str) -> bool:
    """Whether the file call `qn` (one of KERNEL_FILE_CALLS) at `site` surely reads a
    kernel file."""
    if qn in _PATH_ARGUMENT:
        return bool(site.args) and reads_kernel_file(project, func, site.args[0])
    receiver = site.func[1] if site.func[0] == "attr" else None
    if receiver is not None and receiver[0] == "name":
        bound = func.fd.locals.get(receiver[1], ())
        receiver = bound[0] if len(bound) == 1 else None
    if receiver is None or receiver[0] != "call" or len(receiver[2]) != 1:
        return False
    made = project.value_of(func, receiver[1])
    if made is None or made[0] != "ext" or made[1] not in _PATH_CLASSES:
        return False
    return reads_kernel_file(project, func, receiver[2][0])


def reads_kernel_file(project: Project, func: Func, path: tuple) -> bool:
    """Whether the path a file call is given (a ref) surely names a kernel file."""
    if project.value_of(func, path) == ("ext", "os.devnull"):
        return True
    start = constant_text(project, func, path, whole=False)
    if start is None:
        return False
    return start.startswith(_KERNEL_DIRS) or constant_text(project, func, path) in _NEVER_WAIT
