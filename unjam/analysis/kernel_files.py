"""Files the kernel makes up on read: `/proc/...`, `/sys/...` (procfs, sysfs, cgroupfs), and
the devices that never wait (`/dev/null`, `os.devnull`, `/dev/zero`, `/dev/urandom`).

`open("/sys/fs/cgroup/cpu.max")` never waits on a device: the kernel writes the few bytes
from memory, faster than a hop to a worker thread would be; `open(os.devnull, "w")` (to
silence output) waits on nothing either. So a file call (`open`, `os.path.exists`, …) whose
path is such a file blocks nothing. The path is known when constant_text.py can read it: a
constant, or for a kernel directory, such a constant joined with something (`"/proc/" +
pid`, `f"/proc/{pid}/stat"`)."""

from __future__ import annotations

from unjam.analysis.constant_text import constant_text
from unjam.analysis.project import Func, Project

_KERNEL_DIRS = ("/proc/", "/sys/")
_NEVER_WAIT = frozenset(("/dev/null", "/dev/zero", "/dev/urandom"))


def reads_kernel_file(project: Project, func: Func, path: tuple) -> bool:
    """Whether the path a file call is given (a ref) surely names a kernel file."""
    if project.value_of(func, path) == ("ext", "os.devnull"):
        return True
    start = constant_text(project, func, path, whole=False)
    if start is None:
        return False
    return start.startswith(_KERNEL_DIRS) or constant_text(project, func, path) in _NEVER_WAIT
