"""Whether the analyser's hot modules (`COMPILED_MODULES`) run compiled (mypyc) or from
their Python sources.

`setup.py` compiles `COMPILED_MODULES` with mypyc when it can (mypy is a build requirement,
and a C compiler is needed): linking and resolving calls are most of a cold `unjam check` on a
large tree, and compiled they take about a third less time. The Python sources stay the
reference and the fallback, with the same results (a test compares them).

An editable install (`make`) builds the extension modules into the source tree, where Python
prefers them to the `.py` files beside them; a compiled module whose source has changed since
(an edit, a `git checkout`) would silently run the old code. So setup.py records the SHA-256
of each source it compiled in `SOURCES_FILE`, and `install()` puts a finder first on
`sys.meta_path` that loads the sources instead when any of them differs, when the record is
missing, or when `UNJAM_COMPILED=0` asks for them. The modules are compiled as one group that
calls itself natively, so it is all of them compiled or none. An edit is thus what the tests
run without a rebuild; `make check` runs the sources outright (`UNJAM_COMPILED=0`), and
`make test` rebuilds and compares compiled with source (tests/test_check_compiled.py).

Dependency-free on purpose: setup.py reads this file before anything is installed.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from importlib.util import spec_from_file_location
from pathlib import Path

COMPILED_MODULES = (
    "unjam.analysis.summary",
    "unjam.analysis.project",
    "unjam.analysis.module_names",
    "unjam.analysis.project_index",
    "unjam.analysis.resolution",
    "unjam.analysis.class_index",
    "unjam.analysis.inference",
    "unjam.analysis.parameters",
    "unjam.analysis.fastapi_records",
    "unjam.analysis.fastapi_candidates",
    "unjam.analysis.fastapi_apps",
    "unjam.analysis.fastapi_routes",
    "unjam.analysis.fastapi_includes",
    "unjam.analysis.fastapi_registrations",
    "unjam.analysis.callgraph_records",
    "unjam.analysis.callgraph_callbacks",
    "unjam.analysis.callgraph_constants",
    "unjam.analysis.callgraph_kills",
    "unjam.analysis.callgraph_lazy",
    "unjam.analysis.callgraph_done",
    "unjam.analysis.callgraph_no_loop",
    "unjam.analysis.callgraph_singletons",
    "unjam.analysis.callgraph_resolve",
    "unjam.analysis.callgraph",
    "unjam.analysis.fastapi_model",
    "unjam.analysis.rules_engine",
    "unjam.analysis.rules.blocking",
    "unjam.analysis.rules.import_warmed",
    "unjam.analysis.rules.clients",
    "unjam.analysis.rules.middleware",
    "unjam.analysis.rules.threadpool",
    "unjam.analysis.rules.precedence",
    "unjam.analysis.rules.memo",
    "unjam.analysis.rules.memo_paths",
    "unjam.analysis.values",
    "unjam.analysis.instances",
    "unjam.analysis.assigned_before",
    "unjam.analysis.aiohttp_apps",
    "unjam.analysis.imported",
    "unjam.analysis.import_paths",
    "unjam.analysis.missing_names",
    "unjam.analysis.instance_fields",
    "unjam.analysis.argument_fields",
    "unjam.analysis.never_runs",
    "unjam.analysis.rules.shared_receivers",
    "unjam.analysis.rules.light_pieces",
    "unjam.analysis.source_lines",
    "unjam.analysis.missing_attributes",
    "unjam.analysis.slot_resets",
    "unjam.analysis.startup_set",
    "unjam.analysis.raising_calls",
    "unjam.analysis.settings_reads",
    "unjam.analysis.launchers",
    "unjam.analysis.catalogue",
    "unjam.analysis.self_imports",
    "unjam.analysis.set_up_only",
    "unjam.analysis.top_level_imports",
    "unjam.analysis.circular_imports",
    "unjam.analysis.rules.request_data",
    "unjam.analysis.fixed_loads",
    "unjam.analysis.transparent",
    "unjam.analysis.wrapper_edits",
    "unjam.analysis.held_keywords",
)
SOURCES_FILE = "compiled_sources.json"
REFUSED_FILE = "compiled_refused.txt"  # written by setup.py when mypy refused the sources
GROUP_NAME = "unjam_analysis_compiled"  # mypyc's shared library: <GROUP_NAME>__mypyc
HERE = Path(__file__).resolve().parent


def source_path(module: str, folder: Path | None = None) -> Path:
    """The source file of one of `COMPILED_MODULES`, in `folder` (default: `HERE`, read at
    each call)."""
    return (HERE if folder is None else folder) / f"{_relative(module)}.py"


def _relative(module: str) -> str:
    """`unjam.analysis.rules.blocking` → `rules/blocking`: the module's path under here."""
    return module.removeprefix("unjam.analysis.").replace(".", "/")


def source_digests(folder: Path | None = None) -> dict[str, str]:
    """Module name → SHA-256 of its source file (in `folder`, default here) as it is now."""
    return {
        module: hashlib.sha256(source_path(module, folder).read_bytes()).hexdigest()
        for module in COMPILED_MODULES
    }


def compiled_is_current() -> bool:
    """True when the compiled modules were built from the sources as they are now, and
    the environment does not ask for the sources (`UNJAM_COMPILED=0`)."""
    if os.environ.get("UNJAM_COMPILED") == "0":
        return False
    try:
        recorded = json.loads((HERE / SOURCES_FILE).read_text())
    except (OSError, ValueError):
        return False
    try:
        return recorded == source_digests()
    except OSError:
        return False


def has_compiled_files() -> bool:
    """Whether any compiled module file sits beside its source."""
    return any(
        (HERE / f"{_relative(module)}{suffix}").exists()
        for module in COMPILED_MODULES
        for suffix in EXTENSION_SUFFIXES
    )


def is_compiled(module: object) -> bool:
    """Whether an imported module is the compiled one (for tests and benchmarks)."""
    return str(getattr(module, "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))


class SourcesWhenStale:
    """A meta-path finder: the Python sources of `COMPILED_MODULES` unless the compiled
    modules are current (decided once, on the first import of one of them)."""

    def __init__(self) -> None:
        self.use_sources: bool | None = None

    def find_spec(self, name: str, path: object = None, target: object = None) -> ModuleSpec | None:
        if name not in COMPILED_MODULES:
            return None
        if self.use_sources is None:
            self.use_sources = not compiled_is_current()
        if not self.use_sources:
            return None  # the usual finders find the compiled module
        return spec_from_file_location(name, source_path(name))


def install() -> None:
    """Guard the compiled modules (nothing to do, and no cost, when none was built)."""
    if has_compiled_files() and not any(isinstance(f, SourcesWhenStale) for f in sys.meta_path):
        sys.meta_path.insert(0, SourcesWhenStale())
