"""Code that runs only under the project's test suite: the body of `if TESTING:` where
`TESTING` holds an environment variable only a test run sets (`TESTING =
os.environ.get("TESTING")`, in the function, in its module or imported from another). Akvo's
services write their uploads to a local folder, or call a background job in the request,
there, and hand the work to cloud storage or to a `BackgroundTasks` thread otherwise: the
branch is the tests' stand-in, not what a request runs. So its calls are not followed, as
tests are not checked (docs/check.md, "Which files are checked").

Only a switch no deployment file beside the module or above it sets: a Dockerfile, a compose
file, a `.env` or a Procfile that names the variable may turn it on where the app is
served, and the branch is then followed as any other. (A test written inline, `if
os.getenv("PYTEST_CURRENT_TEST"):`, is test_only_branches.py's.)
"""

from __future__ import annotations

from pathlib import Path

from unjam.analysis.declared_versions import app_folders, files_mention
from unjam.analysis.project import Func, Module, Project
from unjam.analysis.test_only_branches import PYTEST_VARIABLE
from unjam.analysis.values import EMPTY, is_dead

# environment variables a test run sets to say so (conftest.py: `os.environ["TESTING"] = "1"`)
_SWITCHES = frozenset(
    {"TESTING", "TEST_MODE", "TESTING_MODE", "IS_TEST", "IS_TESTING", "UNIT_TESTING"}
    | {"RUNNING_TESTS", PYTEST_VARIABLE}
)
_ENV_READS = frozenset({"get", "getenv"})
_DEPLOYMENT_FILES = ("Dockerfile*", "*compose*.y*ml", ".env*", "Procfile", "*.env")


class SuiteSwitches:
    def __init__(self, project: Project, root: Path | None):
        self.p = project
        self.root = root
        self._deployed: dict[tuple, bool] = {}  # (variable, *folders) → `_deployed_with`

    def test_only(self, func: Func) -> frozenset[int]:
        """The function's guards that hold only under a test run, with those nested in
        them: `if TESTING:` (a "flag true" guard) of a switch (see the module)."""
        guards = func.fd.guards
        flags = [
            i
            for i, guard in enumerate(guards)
            if guard.kind == "flag true" and self._a_switch(func, guard.subject[1])
        ]
        if not flags:
            return EMPTY
        killed = frozenset(flags)
        return frozenset(i for i in range(len(guards)) if is_dead(guards, i, killed))

    def _a_switch(self, func: Func, name: str) -> bool:
        values = func.fd.locals.get(name)
        if values is None:
            values = module_values(self.p, func.mod, name)
        keys = {_env_key(value) for value in values} if values else {None}
        if None in keys or len(keys) != 1:
            return False
        key = keys.pop()
        return key in _SWITCHES and not self._deployed_with(key, func.mod.path)

    def _deployed_with(self, key: str, path: str) -> bool:
        """Whether a deployment file beside the module or in a folder above it names `key`."""
        folders = app_folders([path])
        known = self._deployed.get((key, *folders))
        if known is None:
            known = self._deployed[(key, *folders)] = self.root is None or files_mention(
                self.root, folders, _DEPLOYMENT_FILES, [key], whole=True
            )
        return known


def module_values(project: Project, mod: Module, name: str) -> list:
    """What the module binds `name` to at its level, or what the module it imports the name
    from does (`from app.config import TESTING`)."""
    bound = mod.summary.global_values.get(name)
    if bound:
        return [ref for _scope, ref in bound]
    imp = mod.summary.imports.get(name)
    if imp is None or not imp.name:
        return []
    target = project.import_target(mod, imp)
    source = project.modules.get(target.rpartition(".")[0])
    if source is None or source is mod:
        return []
    return [ref for _scope, ref in source.summary.global_values.get(imp.name, ())]


def _env_key(ref: tuple) -> str | None:
    """The variable of `os.environ.get("K")`, `environ.get("K", …)`, `os.getenv("K")` or
    `getenv("K")`, also under `bool(...)`; None for any other value."""
    if ref[0] == "call" and ref[1] == ("name", "bool") and len(ref[2]) == 1:
        ref = ref[2][0]
    if ref[0] != "call" or not ref[2] or ref[2][0][0] != "const":
        return None
    func = ref[1]
    if func[0] == "name":
        reads = func[1] == "getenv"
    elif func[0] == "attr" and func[2] in _ENV_READS:
        receiver = func[1]
        reads = receiver in (("name", "os"), ("name", "environ")) or (
            receiver == ("attr", ("name", "os"), "environ")
        )
    else:
        reads = False
    key = ref[2][0][1]
    return key if reads and isinstance(key, str) else None
