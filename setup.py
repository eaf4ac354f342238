"""Build hook beside pyproject.toml (which holds everything else): compile the analyser's
hot modules (`COMPILED_MODULES` in unjam/analysis/compiled.py: summaries, the linked project,
call graph, FastAPI model, rules) with mypyc when it can, and record which sources were
compiled.

Why, and how stale builds are avoided: unjam/analysis/compiled.py. `UNJAM_COMPILE=0` builds
without compiling. If mypyc cannot compile them (a type error, for example), the build goes on
without them and unjam runs them from source; when mypy refused the sources (a type error, not
a missing compiler) the build leaves a note that tests/test_check_compiled.py fails on.
"""

import json
import os
import runpy
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
ANALYSIS = HERE / "unjam" / "analysis"


def compiled_extensions() -> list:
    guard = runpy.run_path(str(ANALYSIS / "compiled.py"))
    record = ANALYSIS / guard["SOURCES_FILE"]
    record.unlink(missing_ok=True)  # until this build has compiled them
    refused = ANALYSIS / guard["REFUSED_FILE"]
    refused.unlink(missing_ok=True)
    if os.environ.get("UNJAM_COMPILE", "1") == "0":
        return []
    sources = [
        str(guard["source_path"](m, Path("unjam", "analysis"))) for m in guard["COMPILED_MODULES"]
    ]
    try:
        from mypyc.build import mypycify

        extensions = mypycify(
            ["--ignore-missing-imports", "--follow-imports=silent", *sources],
            opt_level="3",
            multi_file=True,  # a C file per module, compiled side by side (ParallelBuildExt)
            group_name=guard["GROUP_NAME"],
        )
    except (Exception, SystemExit) as err:
        print(
            f"note: mypyc did not compile {' '.join(sources)} ({err}); unjam runs them from source"
        )
        if isinstance(err, SystemExit):  # mypy refused the sources: a type error to fix
            refused.write_text(
                f"mypyc refused the analysis sources (exit {err}); see the build log\n"
            )
        return []
    record.write_text(json.dumps(guard["source_digests"](ANALYSIS), indent=1) + "\n")
    return extensions


class ParallelBuildExt(build_ext):
    """Compiles an extension's C files on every core at once: the compiled group is one
    extension of many C files, which setuptools would otherwise compile one after another
    (most of a fresh `make test`'s build time)."""

    def build_extensions(self) -> None:
        compile_serially = self.compiler.compile

        def compile_in_parallel(sources, *args, **kwargs):
            with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
                done = pool.map(lambda source: compile_serially([source], *args, **kwargs), sources)
                return [obj for objects in done for obj in objects]

        self.compiler.compile = compile_in_parallel
        super().build_extensions()


setup(ext_modules=compiled_extensions(), cmdclass={"build_ext": ParallelBuildExt})
