"""Files the kernel makes up on read: `/proc/...`, `/sys/...` (procfs, sysfs, cgroupfs), and
the devices that never wait (`/dev/null`, `os.devnull`, `/dev/zero`, `/dev/urandom`).

`open("/sys/fs/cgroup/cpu.max")` never waits on a device: the kernel writes the few bytes
from memory, faster than a hop to a worker thread would be; `open(os.devnull, "w")` (to
silence output) waits on nothing either. So a file call (`open`,
`os.path.exists`, …) whose path is such a file blocks nothing. The path is known when it is a
constant: written at the call, a module-level constant (here or imported), a local assigned
only constants, or such a constant joined with something (`"/proc/" + pid`, `"/proc/%d" % pid`)."""

from __future__ import annotations

from unjam.analysis.project import Func, Project

_KERNEL_DIRS = ("/proc/", "/sys/")
_NEVER_WAIT = frozenset(("/dev/null", "/dev/zero", "/dev/urandom"))
_PREFIX_OPS = frozenset(("Add", "Mod"))  # the left string stays the start of the result
_MAX_HOPS = 4  # names followed to find the constant (a constant aliased a few times)


def reads_kernel_file(project: Project, func: Func, path: tuple) -> bool:
    """Whether the path a file call is given (a ref) surely names a kernel file."""
    if project.value_of(func, path) == ("ext", "os.devnull"):
        return True
    text = _leading_text(project, func, path, _MAX_HOPS)
    return text is not None and (text.startswith(_KERNEL_DIRS) or text in _NEVER_WAIT)


def _leading_text(project: Project, func: Func, ref: tuple, hops: int) -> str | None:
    """How the string `ref` holds surely starts (all of it, for a constant)."""
    tag = ref[0]
    if tag == "const":
        return ref[1] if isinstance(ref[1], str) else None
    if tag == "binop" and ref[1] in _PREFIX_OPS:
        return _leading_text(project, func, ref[2], hops)
    if tag != "name" or hops == 0:
        return None
    name = ref[1]
    fd = func.fd
    if any(param.name == name for param in fd.params):
        return None  # what a caller passes
    local = fd.locals.get(name) if fd.qn != "<module>" else None
    if local is not None:
        return _one_text(project, func, local, hops - 1)
    return _module_text(project, func.mod.name, name, hops - 1)


def _module_text(project: Project, modname: str, name: str, hops: int) -> str | None:
    mod = project.modules.get(modname)
    if mod is None:
        return None
    summary = mod.summary
    imp = summary.imports.get(name)
    if imp is not None:
        target = project.import_target(mod, imp)
        base, _, member = target.rpartition(".")
        return _module_text(project, base, member, hops - 1) if hops > 0 else None
    assigned = summary.global_values.get(name)
    if not assigned or any(scope != "<module>" for scope, _ in assigned):
        return None  # never assigned, or (also) assigned by a function at run time
    scope = project.funcs.get(f"{modname}.<module>")
    if scope is None:
        return None
    return _one_text(project, scope, [value for _, value in assigned], hops)


def _one_text(project: Project, func: Func, values: list, hops: int) -> str | None:
    """The text every one of a name's assigned values starts with, when they agree."""
    texts = {_leading_text(project, func, value, hops) for value in values}
    if len(texts) != 1:
        return None
    return texts.pop()
