"""Never a traceback on real code: odd files and internal failures are contained and listed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from unjam.analysis.engine import analyze
from unjam.model import ExecutionContext
from unjam.semantics import Role, runs_on, uses_threadpool_token

BLOCKING = "import time\n\n\nasync def handler():\n    time.sleep(1)\n"


def _write(root: Path, name: str, text: str | bytes) -> Path:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    return path


def test_undecodable_and_null_byte_files_are_unparsed(tmp_path):
    files = [
        _write(tmp_path, "latin.py", "x = 'caf\xe9'\n".encode("latin-1")),
        _write(tmp_path, "nul.py", b"x = 1\x00\n"),
        _write(tmp_path, "good.py", BLOCKING),
    ]
    result = analyze(tmp_path, files)
    assert {path for path, _ in result.unparsed} == {"latin.py", "nul.py"}
    assert all(reason for _, reason in result.unparsed)
    assert [f.location.path for f in result.findings] == ["good.py"]
    assert result.files == 3


@pytest.mark.skipif(sys.version_info >= (3, 14), reason="the syntax parses on 3.14")
def test_newer_python_syntax_is_listed_with_its_reason(tmp_path):
    files = [
        _write(tmp_path, "new.py", "try:\n    pass\nexcept ValueError, TypeError:\n    pass\n"),
        _write(tmp_path, "good.py", BLOCKING),
    ]
    result = analyze(tmp_path, files)
    assert result.unparsed[0][0] == "new.py"
    assert "line 3" in result.unparsed[0][1]
    assert len(result.findings) == 1


def test_missing_file_is_unparsed_not_an_error(tmp_path):
    result = analyze(tmp_path, [tmp_path / "gone.py"])
    assert result.unparsed and result.unparsed[0][0] == "gone.py"


def test_internal_error_in_one_file_is_contained(tmp_path, monkeypatch):
    from unjam.analysis import summarize

    monkeypatch.setenv("UNJAM_NATIVE", "0")  # the Python summariser is the one made to fail
    real = summarize.summarize

    def flaky(tree, is_package):
        if any(getattr(node, "name", "") == "explode" for node in tree.body):
            raise RuntimeError("boom")
        return real(tree, is_package)

    monkeypatch.setattr(summarize, "summarize", flaky)
    files = [
        _write(tmp_path, "bad.py", "def explode():\n    pass\n"),
        _write(tmp_path, "good.py", BLOCKING),
    ]
    result = analyze(tmp_path, files)
    assert result.unparsed == [("bad.py", "internal error: RuntimeError: boom")]
    assert len(result.findings) == 1


def test_a_failure_judging_which_apps_start_keeps_every_finding(tmp_path, monkeypatch):
    """If working out which apps cannot import fails, every app is taken as served: the
    findings stay, and the failure is listed, never the whole analysis lost."""
    from unjam.analysis import unstartable

    def broken(*args):
        raise RuntimeError("boom")

    monkeypatch.setattr(unstartable, "find_unstartable", broken)
    app = (
        "import time\nfrom fastapi import FastAPI\n\napp = FastAPI()\n\n\n"
        '@app.get("/")\nasync def handler():\n    time.sleep(1)\n'
    )
    files = [_write(tmp_path, "main.py", app)]
    result = analyze(tmp_path, files)
    assert result.unparsed == [("(unstartable apps)", "internal error: RuntimeError: boom")]
    assert len(result.findings) == 1


def test_a_failing_rule_family_costs_only_its_own_findings(tmp_path, monkeypatch):
    """If one family of rules fails on a project (UJ001 and UJ002 here), what the others
    find is still reported, and the failure names the rules whose findings are missing."""
    from unjam.analysis.output.report import diagnostic_message
    from unjam.analysis.rules import blocking

    def broken(engine):
        raise RuntimeError("boom")

    monkeypatch.setattr(blocking, "check", broken)
    app = (
        "import time\nimport httpx\nfrom fastapi import FastAPI\n\napp = FastAPI()\n\n\n"
        '@app.get("/")\nasync def handler():\n    time.sleep(1)\n'
        "    async with httpx.AsyncClient() as client:\n"
        '        return (await client.get("http://127.0.0.1:9/")).text\n'
    )
    files = [_write(tmp_path, "main.py", app)]
    result = analyze(tmp_path, files)
    assert result.unparsed == [("(rules UJ001, UJ002)", "internal error: RuntimeError: boom")]
    assert [f.code for f in result.findings] == ["UJ003"]
    assert diagnostic_message(*result.unparsed[0]).endswith(
        "none of these rules' findings is reported, the other rules' are"
    )


# Run from the Python sources (UNJAM_COMPILED=0) in a child process: the compiled call graph's
# methods cannot be replaced, and the containment under test is the same code either way.
_CONTAINED = """
import json, sys
from pathlib import Path
from unjam.analysis.callgraph import CallGraph
from unjam.analysis.engine import analyze

real = CallGraph._resolve

def flaky(self, func):
    if func.fd.name == "explode":
        raise KeyError("nope")
    return real(self, func)

CallGraph._resolve = flaky
root = Path(sys.argv[1])
result = analyze(root, sorted(root.glob("*.py")))
print(json.dumps([result.unparsed, [f.location.path for f in result.findings]]))
"""


def test_internal_error_in_one_function_is_contained(tmp_path):
    _write(tmp_path, "bad.py", "import time\n\n\nasync def explode():\n    time.sleep(1)\n")
    _write(tmp_path, "good.py", BLOCKING)
    env = {**os.environ, "UNJAM_COMPILED": "0"}
    done = subprocess.run(
        [sys.executable, "-c", _CONTAINED, str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    unparsed, finding_paths = json.loads(done.stdout)
    assert [path for path, _ in unparsed] == ["bad.py"]
    assert "internal error" in unparsed[0][1]
    assert finding_paths == ["good.py"]


def test_very_deep_chain_and_wide_fan_in(tmp_path):
    depth = 3000
    lines = ["import time", "", "async def start():", "    f0()", ""]
    for i in range(depth):
        lines += [f"def f{i}():", f"    f{i + 1}()" if i < depth - 1 else "    time.sleep(1)", ""]
    lines += [f"async def caller{i}():\n    f{i}()\n" for i in range(0, depth, 300)]
    lines += [f"async def near():\n    f{depth - 3}()\n"]
    files = [_write(tmp_path, "deep.py", "\n".join(lines))]
    result = analyze(tmp_path, files)
    assert len(result.findings) == 1
    finding = result.findings[0]
    # walked 3000 calls deep from `start`, printed through the one entry within MAX_CALLS
    assert finding.entry.name == "near" and len(finding.chain) == 5
    assert "(also reached from 11 other entry points)" in finding.message


def test_attributes_stored_from_one_another_are_typed_once_each(tmp_path):
    """A class whose attributes are each stored from two others (`self.a3 = self.a4.build()
    or self.a5.make()`) forms cycles at every step: typing an attribute once per path
    through them grew as 2^n (Agno 3.1's agent classes held `check` for over ten minutes).
    The run must end; a subprocess gives it a deadline instead of hanging the suite."""
    n = 26
    lines = ["import time", "", "class Agent:", "    def __init__(self):"]
    lines += [f"        self.a{i} = None" for i in range(n)]
    for i in range(n):
        lines += [
            "",
            f"    def step{i}(self):",
            f"        self.a{i} = self.a{(i + 1) % n}.build() or self.a{(i + 2) % n}.make()",
            f"        return self.a{i}",
        ]
    lines += ["", "", "agent = Agent()", "", "", "async def tick():", "    agent.step0()"]
    lines += ["    time.sleep(1)", ""]
    _write(tmp_path, "agents.py", "\n".join(lines))
    run = subprocess.run(
        [sys.executable, "-m", "unjam", "check", "--no-cache", "--format", "json", str(tmp_path)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 1, run.stderr
    assert [f["line"] for f in json.loads(run.stdout)["findings"]] == [len(lines) - 1]


def test_empty_input(tmp_path):
    result = analyze(tmp_path, [])
    assert result.findings == [] and result.files == 0 and result.unparsed == []


@pytest.mark.parametrize(
    ("role", "is_async", "context", "token"),
    [
        (Role.ENDPOINT, True, ExecutionContext.LOOP, False),
        (Role.ENDPOINT, False, ExecutionContext.THREADPOOL, True),
        (Role.CLASS_DEPENDENCY, True, ExecutionContext.THREADPOOL, True),
        (Role.CALLABLE_DEPENDENCY, True, ExecutionContext.LOOP, False),
        (Role.DEPENDENCY, False, ExecutionContext.THREADPOOL, True),
        (Role.BACKGROUND_TASK, False, ExecutionContext.THREADPOOL, True),
        (Role.STREAMING, True, ExecutionContext.LOOP, False),
        (Role.EXCEPTION_HANDLER, False, ExecutionContext.THREADPOOL, True),
        (Role.HTTP_MIDDLEWARE, True, ExecutionContext.LOOP, False),
        (Role.STARTUP, False, ExecutionContext.STARTUP, False),
        (Role.SHUTDOWN, True, ExecutionContext.STARTUP, False),
        (Role.LIFESPAN, True, ExecutionContext.STARTUP, False),
        (Role.OFFLOADED, False, ExecutionContext.THREADPOOL, False),
    ],
)
def test_what_runs_where(role, is_async, context, token):
    assert runs_on(role, is_async) is context
    assert uses_threadpool_token(role, is_async) is token


def test_results_do_not_depend_on_hash_seed():
    import json
    import subprocess

    script = (
        "import json, sys\n"
        "from pathlib import Path\n"
        "from unjam.analysis.engine import analyze\n"
        "root = Path(sys.argv[1])\n"
        "r = analyze(root, sorted(root.rglob('*.py')))\n"
        "print(json.dumps([f.to_json() for f in r.findings]))\n"
    )
    corpus = Path(__file__).parent / "corpus"
    outputs = set()
    for seed in ("1", "2"):
        out = subprocess.run(
            [sys.executable, "-c", script, str(corpus / "deps_zoo")],
            capture_output=True,
            text=True,
            timeout=120,
            env={"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin"},
            check=True,
        ).stdout
        assert json.loads(out)
        outputs.add(out)
    assert len(outputs) == 1


def test_two_scripts_with_the_same_module_name_are_both_analysed(tmp_path):
    files = [
        _write(tmp_path, "a/main.py", BLOCKING),
        _write(tmp_path, "b/main.py", BLOCKING.replace("time.sleep(1)", "time.sleep(2)")),
    ]
    result = analyze(tmp_path, files)
    assert [f.location.path for f in result.findings] == ["a/main.py", "b/main.py"]


def _linker(root: Path):
    """The linker `analyze` would use for every .py file under `root`, all modules linked."""
    from unjam.analysis.catalogue import load_catalogue
    from unjam.analysis.linker import Linker
    from unjam.analysis.parse import read_all
    from unjam.analysis.summary import from_plain

    rows = read_all(sorted(str(p) for p in root.rglob("*.py")), jobs=1)
    # (a file that does not parse has its reason in place of a summary: left out, as
    # `analyze` leaves it)
    summaries = {row[0]: from_plain(row[4]) for row in rows if not isinstance(row[4], str)}
    paths = sorted(summaries)
    rel = {p: Path(p).relative_to(root).as_posix() for p in paths}
    linker = Linker(root, paths, rel, load_catalogue(), summaries)
    linker.link_ready(final=True)
    return linker


def _linked_project(root: Path):
    """The project `analyze` would link for every .py file under `root`."""
    return _linker(root).project


def _index_of(project) -> dict:
    index = project._sites_by_name
    return {name: [(f.gqn, s.line) for f, s in sites] for name, sites in index.items()}


def test_call_sites_indexed_while_linking_are_the_ones_of_the_linked_functions(tmp_path):
    _write(tmp_path, "app/__init__.py", "")
    _write(tmp_path, "app/main.py", "from app import util\n\nasync def h():\n    util.go(1)\n")
    _write(tmp_path, "app/util.py", "def go(x):\n    print(x)\n    go(2)\n")
    project = _linked_project(tmp_path)
    incremental = _index_of(project)
    project._index_sites()  # rebuilt from `funcs`, as it would be after the fact
    assert incremental == _index_of(project)
    assert incremental["go"] == [("app.main.h", 4), ("app.util.go", 3)]


def test_a_function_replaced_by_a_same_named_one_leaves_the_call_site_index(tmp_path):
    # `pkg.a` + `outer.inner` and `pkg.a.outer` + `inner` are both "pkg.a.outer.inner"
    _write(tmp_path, "pkg/__init__.py", "")
    _write(tmp_path, "pkg/a/__init__.py", "def outer():\n    def inner():\n        first()\n")
    _write(tmp_path, "pkg/a/outer.py", "def inner():\n    second()\n")
    project = _linked_project(tmp_path)
    assert project.funcs["pkg.a.outer.inner"].mod.path == "pkg/a/outer.py"
    assert project.sites_named("first") == []
    assert [f.gqn for f, _ in project.sites_named("second")] == ["pkg.a.outer.inner"]


@pytest.mark.parametrize("app", ["routing", "deps_zoo", "middleware_app", "shop"])
def test_app_candidates_collected_while_linking_give_the_model_a_full_pass_gives(app):
    from unjam.analysis.fastapi_model import build_model

    def model_of(project, candidates):
        model = build_model(project, lambda func, err: None, candidates)
        routes = [(r.label, r.decorator_path, r.decorator_line) for r in model.routes]
        apps = [(a.sym, a.type) for a in model.apps]
        return routes, apps

    root = Path(__file__).parent / "corpus" / app
    linked = _linker(root)
    routes, apps = model_of(linked.project, linked.apps)
    assert routes and apps
    assert (routes, apps) == model_of(_linked_project(root), None)


def test_an_accessor_returning_a_kept_app_builds_no_app():
    """`app = self.get_app()` of a `get_app(self) -> Starlette` that returns `self.app`
    reads back the server's app: no second app (which UJ006 could be told of) is made
    there; the preview command's own app stays one."""
    from unjam.analysis.fastapi_model import build_model

    root = Path(__file__).parent / "corpus" / "unclaimed_routes"
    model = build_model(_linked_project(root), lambda func, err: None)
    assert sorted(a.path for a in model.apps) == [
        "notebook/cli/preview.py",
        "notebook/server/main.py",
    ]


def test_an_accessor_that_builds_the_app_on_first_use_is_its_factory(tmp_path):
    """`cls._app = FastAPI()` under `if cls._app is None:`, then `return cls._app`: the
    method builds the app it hands back, so `app = Holder.get()` is that app."""
    from unjam.analysis.fastapi_model import build_model

    _write(
        tmp_path,
        "main.py",
        "from fastapi import FastAPI\n\n\nclass Holder:\n    _app = None\n\n"
        "    @classmethod\n    def get(cls) -> FastAPI:\n        if cls._app is None:\n"
        "            cls._app = FastAPI()\n        return cls._app\n\n\napp = Holder.get()\n",
    )
    model = build_model(_linked_project(tmp_path), lambda func, err: None)
    assert [a.path for a in model.apps] == ["main.py"]


_KEYWORD_NAMED_LIKE_A_TAG = """
from dataclasses import dataclass
from functools import lru_cache

from fastapi import FastAPI

app = FastAPI()


@dataclass
class Column:
    attr: str
    name: str


TABLE = {"a": Column(attr="x", name="y")}


@lru_cache
def settings() -> str:
    with open("settings.txt") as f:
        return f.read()


@app.get("/")
async def index():
    return {"s": settings(), "attr": TABLE["a"].attr}
"""


def test_keyword_arguments_named_like_a_ref_tag_are_read_as_arguments(tmp_path):
    """`Column(attr="x", name="y")`: a summary keeps keyword arguments as (name, value)
    pairs, which a walker of its refs must not take for an attribute or a name read (it
    raised IndexError, and every finding of the project was lost)."""
    (tmp_path / "main.py").write_text(_KEYWORD_NAMED_LIKE_A_TAG)
    result = analyze(tmp_path, [tmp_path / "main.py"])
    assert not result.unparsed, result.unparsed
    assert [f.location.line for f in result.findings] == [21], result.findings
