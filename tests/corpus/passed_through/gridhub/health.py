"""Container limits read from the kernel's cgroup files: made up in memory, no disk wait;
and output silenced into /dev/null, which waits on nothing either. An f-string path is
known by the text before its first placeholder; a `Path` of such a file reads it alike."""

import contextlib
import os
from pathlib import Path

CPU_MAX = "/sys/fs/cgroup/cpu.max"
MEMORY_MAX = CPU_MAX.rpartition("/")[0] + "/memory.max"
LIMITS_FILE = "/etc/gridhub/limits.toml"


def cpu_quota():
    with open(CPU_MAX) as f:  # ok
        return f.read().split()


def memory_max():
    # a path built by a call (`rpartition`) is not followed: judged as any file
    path = MEMORY_MAX
    with open(path) as f:  # expect: UJ001
        return f.read()


def own_status(pid=None):
    with open("/proc/self/status") as f:  # ok
        status = f.read()
    if pid is not None:
        with open("/proc/" + str(pid) + "/status") as f:  # ok
            status = f.read()
    return status, os.listdir("/proc/self/fd")  # ok


def start_time(pid):
    with open(f"/proc/{pid}/stat", "rb") as f:  # ok: an f-string that starts in /proc/
        return f.read().split()[21]


def thread_names(pid):
    names = [f"/proc/{pid}/task/{tid}" for tid in os.listdir(f"/proc/{pid}/task")]  # ok
    with open(f"/etc/gridhub/{pid}.name") as f:  # expect: UJ001
        names.append(f.read())
    return names


def configured_limits():
    with open(LIMITS_FILE) as f:  # expect: UJ001
        return f.read()


def quiet_probe(run):
    with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):  # ok
        return run()


def boot_identity(pid):
    stat = Path(f"/proc/{pid}/stat").read_text()  # ok: a Path of a kernel file
    boot = Path("/proc/sys/kernel/random/boot_id")
    return stat.split()[21], boot.read_text().strip()  # ok: through a local bound once


def saved_identity(pid):
    return Path(f"/var/lib/gridhub/{pid}.identity").read_text()  # expect: UJ001
