"""What `unjam check` reads: the same findings whatever folder is named (module names from the
package structure, the project read for context), test code and example programs out of
scope by default, and files in syntax newer than the running Python analysed with the native
parser."""

from __future__ import annotations

import json
import os
import sys
import textwrap
from pathlib import Path

import pytest

from unjam import cli
from unjam.analysis.config import load_config
from unjam.analysis.discovery import discover
from unjam.analysis.roots import context_roots, import_root
from unjam.analysis.target import allows, target_version


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return root


def check(capsys, monkeypatch, *args: str, cwd: Path) -> tuple[int, dict]:
    monkeypatch.chdir(cwd)
    monkeypatch.setattr(sys, "argv", ["unjam", "check", "--no-cache", "--format", "json", *args])
    with pytest.raises(SystemExit) as exited:
        cli.main()
    out, _ = capsys.readouterr()
    return int(exited.value.code or 0), json.loads(out)


def located(data: dict) -> list[tuple]:
    """Each finding as (code, path, line, route, chain of (name, path, line))."""
    return sorted(
        (
            f["code"],
            f["path"],
            f["line"],
            f["entry"]["route"],
            tuple((s["name"], s["path"], s["line"]) for s in f["chain"]),
        )
        for f in data["findings"]
    )


# A src layout with two packages importing each other by absolute names; the routes live in
# one folder, the blocking calls in others, so a folder checked alone has no entry point.
SHOP = {
    "pyproject.toml": '[project]\nname = "shop"\nrequires-python = ">=3.11"\n',
    "src/shop/__init__.py": "",
    "src/shop/main.py": """\
        from fastapi import FastAPI

        from shop.api.orders import router

        app = FastAPI()
        app.include_router(router, prefix="/shop")
        """,
    "src/shop/api/__init__.py": "",
    "src/shop/api/orders.py": """\
        from fastapi import APIRouter, Depends

        from billing.client import charge
        from shop.db.queries import fetch_all
        from shop.auth.users import current_user

        router = APIRouter()


        @router.get("/orders")
        async def list_orders(user=Depends(current_user)):
            return fetch_all()


        @router.post("/pay")
        async def pay():
            return charge()
        """,
    "src/shop/db/__init__.py": "",
    "src/shop/db/queries.py": """\
        import requests


        def fetch_all():
            return requests.get("http://db.internal/orders").json()
        """,
    "src/shop/auth/__init__.py": "",
    "src/shop/auth/users.py": """\
        import time


        async def current_user():
            time.sleep(0.1)
            return "alice"
        """,
    "src/billing/__init__.py": "",
    "src/billing/client.py": """\
        import time


        def charge():
            time.sleep(1)
            return True
        """,
    "tests/test_orders.py": """\
        import time


        async def test_orders():
            time.sleep(1)
        """,
    "conftest.py": "import time\n\nasync def fixture():\n    time.sleep(1)\n",
}


def test_check_dot_and_check_a_subfolder_agree(capsys, monkeypatch, tmp_path):
    root = write(tmp_path / "repo", SHOP)
    code, everything = check(capsys, monkeypatch, ".", cwd=root)
    assert code == 1
    paths = {f["path"] for f in everything["findings"]}
    assert paths == {"src/shop/db/queries.py", "src/shop/auth/users.py", "src/billing/client.py"}
    for folder in ("src/shop/db", "src/billing", "src/shop/auth/users.py", "src/shop"):
        code, part = check(capsys, monkeypatch, folder, cwd=root)
        expected = [f for f in located(everything) if f[1].startswith(folder)]
        assert code == 1 and located(part) == expected, folder
        assert part["summary"]["findings"] == len(expected)
    # named from somewhere else entirely: the same findings, paths relative to the project
    code, elsewhere = check(capsys, monkeypatch, str(root / "src/shop/db"), cwd=tmp_path)
    assert located(elsewhere) == [f for f in located(everything) if "queries" in f[1]]


# a namespace package (PEP 420: no `__init__.py` at its top) whose modules import one
# another by the package's name, as NVIDIA's `nat` does
NAMESPACE = {
    "toolkit/front/__init__.py": "",
    "toolkit/front/app.py": """\
        from fastapi import FastAPI

        from toolkit.front.jobs import router

        app = FastAPI()
        app.include_router(router)
        """,
    "toolkit/front/jobs.py": """\
        from fastapi import APIRouter

        from toolkit.store.files import save

        router = APIRouter()


        @router.post("/jobs")
        async def submit(body: dict):
            return save(body)
        """,
    "toolkit/store/__init__.py": "",
    "toolkit/store/files.py": """\
        def save(body):
            with open("/var/jobs.json", "w") as out:
                out.write(str(body))
        """,
}


def test_a_namespace_package_named_itself_resolves_its_own_imports(capsys, monkeypatch, tmp_path):
    """`unjam check toolkit` and `unjam check toolkit/store` give the findings `unjam check .`
    gives: `from toolkit.store.files import save` resolves from inside the package too."""
    root = write(tmp_path / "repo", NAMESPACE)
    _, everything = check(capsys, monkeypatch, ".", cwd=root)
    assert {f["path"] for f in everything["findings"]} == {"toolkit/store/files.py"}
    for named in ("toolkit", "toolkit/store"):
        _, part = check(capsys, monkeypatch, ".", cwd=root / named)
        assert [f["message"] for f in part["findings"]] == [
            f["message"] for f in everything["findings"]
        ], named


def _service(name: str, route: str) -> dict[str, str]:
    """A service run from its own folder (`uvicorn main:app`), whose routes package holds a
    module of a name the other service's has too."""
    return {
        f"backend/{name}/pyproject.toml": f'[project]\nname = "{name}"\n',
        f"backend/{name}/main.py": """\
            from fastapi import FastAPI

            from routes.handlers import router

            app = FastAPI()
            app.include_router(router)
            """,
        f"backend/{name}/routes/__init__.py": "",
        f"backend/{name}/routes/handlers.py": f"""\
            import time

            from fastapi import APIRouter

            router = APIRouter()


            @router.get("/{route}")
            async def handle():
                time.sleep(1)
            """,
    }


def test_a_monorepo_checked_from_the_folder_above_gives_the_same_findings(
    capsys, monkeypatch, tmp_path
):
    """From the folder holding the clone (whose name, `My-Shop`, no import can spell), each
    service's `routes` package is named by its path; `from routes.handlers import router`
    still finds that service's own module, as from the clone itself."""
    repo = write(tmp_path / "My-Shop", {**_service("orders", "orders"), **_service("users", "me")})
    _, inside = check(capsys, monkeypatch, ".", cwd=repo)
    _, above = check(capsys, monkeypatch, ".", cwd=tmp_path)
    assert {f["entry"]["route"] for f in inside["findings"]} == {"GET /orders", "GET /me"}
    assert [(f["path"], f["line"], f["entry"]["route"]) for f in above["findings"]] == [
        (f"My-Shop/{f['path']}", f["line"], f["entry"]["route"]) for f in inside["findings"]
    ]


def test_no_context_analyses_the_named_folder_alone(capsys, monkeypatch, tmp_path):
    root = write(tmp_path / "repo", SHOP)
    code, alone = check(capsys, monkeypatch, "--no-context", "src/shop/db", cwd=root)
    assert code == 0 and alone["findings"] == []  # no route reaches fetch_all from here


def test_import_root_and_project_context(tmp_path):
    root = write(tmp_path / "repo", SHOP)
    assert import_root(root / "src/shop/db") == root / "src"
    assert import_root(root / "src/shop/db/queries.py") == root / "src"
    assert context_roots([root / "src/shop/db", root / "src/billing"]) == [root]
    assert context_roots([root]) == []  # not a package: its own import root
    plain = write(tmp_path / "plain", {"app.py": "", "lib/helpers.py": ""})
    assert context_roots([plain / "lib"]) == []  # no __init__.py: top-level modules
    installed = write(tmp_path / "venv/lib/site-packages", {"dep/__init__.py": "", "dep/m.py": ""})
    (tmp_path / "pyproject.toml").write_text("")
    assert context_roots([installed / "dep/m.py"]) == []  # not a project's own code


def test_a_repository_root_is_never_left_for_context(capsys, monkeypatch, tmp_path):
    """A clone whose root holds a stray `__init__.py` is not a package of the folder above
    it: checking it reads neither that folder nor the other clones there (one with a
    blocking route of its own). Nor is an unpacked sdist's (a `pyproject.toml`, no `.git`), or
    an archive's that holds a `requirements.txt` or a compose file."""
    clone = write(tmp_path / "code" / "shop", SHOP)
    (clone / "__init__.py").write_text("")
    (clone / ".git").mkdir()
    sdist = write(tmp_path / "code" / "shop-1.0", {"pyproject.toml": "", "__init__.py": ""})
    assert import_root(sdist) == sdist
    # an archive of a repository (no `.git`) whose root names its requirements
    archive = write(tmp_path / "code" / "recipes", {"requirements.txt": "", "__init__.py": ""})
    assert import_root(archive) == archive and context_roots([archive]) == []
    # or its compose file
    composed = write(tmp_path / "code" / "subs", {"docker-compose.yml": "", "__init__.py": ""})
    assert import_root(composed) == composed and context_roots([composed]) == []
    # or the settings of a tool kept at a project's root
    linted = write(tmp_path / "code" / "volley", {"tox.ini": "", "__init__.py": ""})
    assert import_root(linted) == linted and context_roots([linted]) == []
    other = "import time\nfrom fastapi import FastAPI\n\napp = FastAPI()\n\n\n"
    other += "@app.get('/')\nasync def slow():\n    time.sleep(1)\n"
    write(tmp_path / "code" / "other", {"main.py": other})
    assert import_root(clone) == clone and context_roots([clone]) == []
    _, data = check(capsys, monkeypatch, ".", cwd=clone)
    assert {f["path"] for f in data["findings"]} == {
        "src/shop/db/queries.py",
        "src/shop/auth/users.py",
        "src/billing/client.py",
    }


def test_test_code_is_out_of_scope_unless_named_or_configured(capsys, monkeypatch, tmp_path):
    root = write(tmp_path / "repo", SHOP)
    found = discover([root])
    names = {Path(p).relative_to(root).as_posix() for p in found.paths}
    assert "tests/test_orders.py" not in names and "conftest.py" not in names
    assert "src/shop/main.py" in names
    _, everything = check(capsys, monkeypatch, ".", cwd=root)
    assert not any("test" in f["path"] for f in everything["findings"])
    # named explicitly, test code is checked
    _, tests = check(capsys, monkeypatch, "tests", cwd=root)
    assert tests["summary"]["files"] == 1
    assert [f["path"] for f in tests["findings"]] == ["test_orders.py"]
    # configured: only conftest.py counts as test code
    (root / "pyproject.toml").write_text('[tool.unjam]\ntest-code = ["conftest.py"]\n')
    assert load_config(root).test_code == ("conftest.py",)
    _, configured = check(capsys, monkeypatch, ".", cwd=root)
    # read now (one more file), though not reported: no app serves the test's coroutine
    assert configured["summary"]["files"] == everything["summary"]["files"] + 1
    assert not any("test" in f["path"] for f in configured["findings"])


def test_a_module_named_like_a_test_is_analysed_when_the_program_imports_it(
    capsys, monkeypatch, tmp_path
):
    """A lab's `services/test_orders.py` is the program's own module: the route that imports
    it is followed into it. A `smoke_test.py` or a scratch `test.py` nothing imports stays
    test code, its app too; so does everything in `tests/`."""
    root = write(
        tmp_path / "repo",
        {
            "clinic/__init__.py": "",
            "clinic/main.py": """\
                from fastapi import FastAPI

                from clinic.services import test_orders

                app = FastAPI()


                @app.get("/orders/{order_id}")
                async def order(order_id: int):
                    return test_orders.load(order_id)
                """,
            "clinic/services/__init__.py": "",
            "clinic/services/test_orders.py": """\
                import time

                from clinic.services.test_panels import panel


                def load(order_id: int) -> dict:
                    time.sleep(0.1)
                    return {"id": order_id, "panel": panel(order_id)}
                """,
            "clinic/services/test_panels.py": """\
                import time


                def panel(order_id: int) -> str:
                    time.sleep(0.1)
                    return "blood"
                """,
            "clinic/smoke_test.py": """\
                import time

                from fastapi import FastAPI

                app = FastAPI()


                @app.get("/ping")
                async def ping():
                    time.sleep(0.1)
                """,
            "tests/test_main.py": "import time\n\nasync def test_it():\n    time.sleep(1)\n",
            # a scratch copy of the app that nothing imports
            "clinic/test.py": "import time\n\nfrom fastapi import FastAPI\n\napp = FastAPI()\n\n"
            "@app.get('/try')\nasync def attempt():\n    time.sleep(0.1)\n",
        },
    )
    found = discover([root])
    held = {Path(p).relative_to(root).as_posix() for p in found.held_back}
    assert held == {
        "clinic/services/test_orders.py",
        "clinic/services/test_panels.py",
        "clinic/smoke_test.py",
        "clinic/test.py",
    }
    _, data = check(capsys, monkeypatch, ".", cwd=root)
    assert {f["path"] for f in data["findings"]} == {
        "clinic/services/test_orders.py",
        "clinic/services/test_panels.py",  # (imported by the one the program imports)
    }


def test_a_debug_router_named_test_is_the_program_s(capsys, monkeypatch, tmp_path):
    """`routes/test.py`, a router the app includes whose endpoints are named `test_…`: they
    are route handlers (decorated), not pytest's tests, so the module is analysed."""
    root = write(
        tmp_path / "repo",
        {
            "main.py": """\
                from fastapi import FastAPI

                from routes import test

                app = FastAPI()
                app.include_router(test.router)
                """,
            "routes/__init__.py": "",
            "routes/test.py": """\
                import time

                from fastapi import APIRouter

                router = APIRouter(prefix="/test")


                @router.get("/db")
                async def test_database():
                    time.sleep(0.1)
                """,
        },
    )
    _, data = check(capsys, monkeypatch, ".", cwd=root)
    assert [(f["path"], f["code"]) for f in data["findings"]] == [("routes/test.py", "UJ001")]


def test_a_singular_test_directory_is_test_code_too(tmp_path):
    """`test/mock/recorder.py` (a mock a project's tests replay, in `test/`, not `tests/`),
    a package's private `_tests/` (chia's `chia/_tests/`), and any `*_tests/` (marimo's
    `_smoke_tests/`, scripts run by hand, which its wheel leaves out)."""
    root = write(
        tmp_path / "repo",
        {
            **SHOP,
            "test/__init__.py": "",
            "test/mock/recorder.py": "async def replay(): ...\n",
            "src/shop/_tests/setup_nodes.py": "async def setup_two_nodes(): ...\n",
            "src/shop/_smoke_tests/server.py": "async def serve_by_hand(): ...\n",
        },
    )
    names = {Path(p).relative_to(root).as_posix() for p in discover([root]).paths}
    assert "test/mock/recorder.py" not in names and "test/__init__.py" not in names
    assert "src/shop/_tests/setup_nodes.py" not in names
    assert "src/shop/_smoke_tests/server.py" not in names
    assert "src/shop/main.py" in names


VENDORED = {
    "svc/__init__.py": "",
    "svc/main.py": """\
        from fastapi import FastAPI

        from svc.thirdparty.pdfkit.api import extract

        app = FastAPI()


        @app.post("/parse")
        async def parse(path: str):
            return extract(path)
        """,
    "svc/thirdparty/__init__.py": "",
    "svc/thirdparty/pdfkit/__init__.py": "",
    "svc/thirdparty/pdfkit/api.py": """\
        import os

        from fastapi import FastAPI

        upstream = FastAPI()


        def extract(path: str) -> bytes:
            with open(path, "rb") as fh:
                return fh.read()


        @upstream.delete("/cache")
        async def clear_cache():
            os.remove("/tmp/pdfkit.cache")
        """,
}


def test_a_vendored_copy_is_read_but_its_own_app_is_not_the_project_s(
    capsys, monkeypatch, tmp_path
):
    """`thirdparty/…` holds another project's code: the project's route into it is
    followed, but the upstream app shipped with it is not an entry point of this one."""
    root = write(tmp_path / "repo", VENDORED)
    _, data = check(capsys, monkeypatch, ".", cwd=root)
    found = {(f["code"], f["path"], f["line"]) for f in data["findings"]}
    assert ("UJ001", "svc/thirdparty/pdfkit/api.py", 9) in found  # via POST /parse
    assert ("UJ001", "svc/thirdparty/pdfkit/api.py", 15) not in found  # upstream's DELETE
    assert not any(f["entry"]["path"].startswith("svc/thirdparty/") for f in data["findings"])
    (root / "pyproject.toml").write_text("[tool.unjam]\nvendored = []\n")
    _, everything = check(capsys, monkeypatch, ".", cwd=root)
    assert ("UJ001", "svc/thirdparty/pdfkit/api.py", 15) in {
        (f["code"], f["path"], f["line"]) for f in everything["findings"]
    }


# An older Tornado app that ships its libraries in `ext/`, put on `sys.path` at start: the
# copies are those libraries, so `tornado.web.Application` is Tornado's and `requests.get`
# is the catalogue's network call; `lib/` holds one library copy beside the app's own code.
COPIES = {
    "start.py": """\
        import sys

        sys.path.insert(1, "ext")

        from tvapp.server import main

        main()
        """,
    "ext/tornado/__init__.py": "",
    "ext/tornado/web.py": """\
        import socket


        class Application:
            def listen(self, port):
                socket.create_connection(("example.com", 80))


        class RequestHandler:
            async def _execute(self):
                socket.getaddrinfo("example.com", 80)
        """,
    "ext/requests/__init__.py": """\
        import socket


        def get(url):
            return socket.create_connection((url, 80))
        """,
    "lib/redis/__init__.py": "",
    "lib/tvguide/__init__.py": "",
    "tvapp/__init__.py": "",
    "tvapp/server.py": """\
        import requests
        from tornado.web import Application, RequestHandler


        class ShowHandler(RequestHandler):
            def get(self):
                self.write(requests.get("https://api.tvmaze.com/shows").text)


        def main():
            Application([(r"/shows", ShowHandler)]).listen(8081)
        """,
}


def test_copies_of_known_libraries_are_read_as_those_libraries(capsys, monkeypatch, tmp_path):
    """`ext/` holds copies of Tornado and Requests: they are skipped, as site-packages is,
    and the app's handler is a Tornado handler calling Requests; `lib/`, with one copy only,
    is read as the app's code (five files in all)."""
    root = write(tmp_path / "repo", COPIES)
    _, data = check(capsys, monkeypatch, ".", cwd=root)
    found = [(f["code"], f["path"], f["line"], f["entry"]["route"]) for f in data["findings"]]
    assert found == [("UJ001", "tvapp/server.py", 7, "GET /shows")], found
    assert data["summary"]["files"] == 5


LIBRARY_WITH_EXAMPLES = {
    "pyproject.toml": "",
    "src/scraper/__init__.py": "",
    "src/scraper/fetch.py": """\
        import requests


        async def fetch_page(url: str) -> str:
            return requests.get(url).text
        """,
    "examples/webapp/app.py": """\
        import os

        from fastapi import FastAPI

        from scraper.fetch import fetch_page

        app = FastAPI()


        @app.get("/page")
        async def page(url: str):
            os.makedirs("/tmp/pages", exist_ok=True)
            return await fetch_page(url)
        """,
}


def test_example_programs_are_not_the_project_s_app(capsys, monkeypatch, tmp_path):
    """A library whose only app is an example beside it (`examples/`): the example is left
    out like tests, so the library is checked as one, its coroutines entries of their own;
    named, or with `example-code = []`, the example is checked as an app."""
    root = write(tmp_path / "repo", LIBRARY_WITH_EXAMPLES)
    _, data = check(capsys, monkeypatch, ".", cwd=root)
    assert [(f["path"], f["entry"]["name"], f["entry"]["route"]) for f in data["findings"]] == [
        ("src/scraper/fetch.py", "fetch_page", None)
    ]
    _, named = check(capsys, monkeypatch, "examples", cwd=root)
    assert {f["entry"]["route"] for f in named["findings"]} == {"GET /page"}
    (root / "pyproject.toml").write_text("[tool.unjam]\nexample-code = []\n")
    assert load_config(root).example_code == ()
    _, configured = check(capsys, monkeypatch, ".", cwd=root)
    assert {f["entry"]["route"] for f in configured["findings"]} == {"GET /page"}


def test_samples_are_example_programs_too(capsys, monkeypatch, tmp_path):
    """`samples/demos/app.py` (semantic-kernel's layout) is an example like `examples/`."""
    files = dict(LIBRARY_WITH_EXAMPLES)
    files["samples/demos/app.py"] = files.pop("examples/webapp/app.py")
    root = write(tmp_path / "repo", files)
    _, data = check(capsys, monkeypatch, ".", cwd=root)
    assert [(f["entry"]["name"], f["entry"]["route"]) for f in data["findings"]] == [
        ("fetch_page", None)
    ]


def test_bad_test_code_value_is_a_usage_error(capsys, monkeypatch, tmp_path):
    write(tmp_path, {"pyproject.toml": '[tool.unjam]\ntest-code = "tests"\n', "app.py": ""})
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", ["unjam", "check", "."])
    with pytest.raises(SystemExit) as exited:
        cli.main()
    assert exited.value.code == 2
    assert "test-code must be a list of strings" in capsys.readouterr().err


# --- newer syntax -------------------------------------------------------------------------

NEW_SYNTAX = {
    "app.py": """\
        import time

        from fastapi import Depends, FastAPI

        app = FastAPI()

        type UserId[T] = int | T


        class Box[T]:
            def __init__(self, value: T) -> None:
                self.value = value


        def first[T](items: list[T]) -> T:
            time.sleep(0.5)  # expect: UJ001
            return items[0]


        async def current_user[T]() -> str:
            try:
                time.sleep(0.1)  # expect: UJ001
            except ValueError, TypeError:
                pass
            return "alice"


        @app.get("/items")
        async def items(user: str = Depends(current_user)):
            return first([Box(user).value])
        """,
}


def test_allows_reads_requires_python():
    assert allows(">=3.11", (3, 14)) and not allows(">=3.11", (3, 10))
    assert allows(">=3.9,<3.13", (3, 12)) and not allows(">=3.9,<3.13", (3, 13))
    assert allows("~=3.10", (3, 13)) and not allows("~=3.10", (3, 9))
    assert allows("==3.12.*", (3, 12)) and not allows("==3.12.*", (3, 13))
    assert allows("!=3.12.*", (3, 13)) and allows("something odd", (3, 12))


def test_target_version_is_the_newest_the_project_allows(tmp_path):
    assert target_version(tmp_path) >= (3, 14)
    write(tmp_path, {"pyproject.toml": '[project]\nrequires-python = ">=3.8,<3.13"\n'})
    assert target_version(tmp_path) == max((3, 12), sys.version_info[:2])


@pytest.fixture
def native():
    if os.environ.get("UNJAM_NATIVE") == "0":
        pytest.skip("UNJAM_NATIVE=0: the native path is switched off")
    return pytest.importorskip("unjam_native")


def test_newer_syntax_is_analysed_under_an_older_python(native, capsys, monkeypatch, tmp_path):
    assert sys.version_info < (3, 14)  # what this test is about (`except A, B:` is 3.14's)
    root = write(tmp_path, NEW_SYNTAX)
    code, data = check(capsys, monkeypatch, ".", cwd=root)
    assert data["unparsed"] == [] and code == 1
    lines = [n for n, text in enumerate(NEW_SYNTAX["app.py"].splitlines(), 1) if "expect" in text]
    assert sorted(f["line"] for f in data["findings"] if f["code"] == "UJ001") == lines


def test_requires_python_below_the_syntax_makes_the_file_unparsed(
    native, capsys, monkeypatch, tmp_path
):
    root = write(tmp_path, {**NEW_SYNTAX, "pyproject.toml": '[project]\nrequires-python="<3.12"'})
    code, data = check(capsys, monkeypatch, ".", cwd=root)
    assert code == 3 and [u["path"] for u in data["unparsed"]] == ["app.py"]


def test_python_path_is_honest_about_syntax_it_cannot_read(capsys, monkeypatch, tmp_path):
    if sys.version_info >= (3, 14):
        pytest.skip("this Python reads every construct in the file")
    monkeypatch.setenv("UNJAM_NATIVE", "0")
    root = write(tmp_path, NEW_SYNTAX)
    code, data = check(capsys, monkeypatch, ".", cwd=root)
    assert code == 3
    (entry,) = data["unparsed"]
    assert entry["path"] == "app.py" and entry["line"] >= 1
    assert f"under Python {sys.version_info[0]}.{sys.version_info[1]}" in entry["reason"]
    assert "native extension" in entry["reason"]


def test_t_strings_are_analysed_under_an_older_python(native, capsys, monkeypatch, tmp_path):
    root = write(
        tmp_path,
        {
            "app.py": """\
                import time

                from fastapi import FastAPI

                app = FastAPI()


                @app.get("/hello")
                async def hello(name: str):
                    return t"hello {name} at {time.sleep(1)}"
                """
        },
    )
    code, data = check(capsys, monkeypatch, ".", cwd=root)
    assert code == 1 and data["unparsed"] == []
    assert [(f["code"], f["line"]) for f in data["findings"]] == [("UJ001", 10)]


def test_newer_syntax_the_native_path_leaves_to_python_says_so(
    native, capsys, monkeypatch, tmp_path
):
    if sys.version_info >= (3, 12):
        pytest.skip("this Python reads PEP 695 generics")
    # a named escape: ruff's table of character names may not be CPython's, so the native
    # path leaves the file to Python, which cannot read the generic function
    root = write(
        tmp_path, {"app.py": 'BULLET = "\\N{BULLET}"\n\ndef first[T](x: T) -> T:\n    return x\n'}
    )
    code, data = check(capsys, monkeypatch, ".", cwd=root)
    assert code == 3
    (entry,) = data["unparsed"]
    assert "it is valid Python 3.14" in entry["reason"] and "(named escape)" in entry["reason"]
    assert entry["line"] == 3


def test_a_file_the_native_parser_declines_unread_is_not_called_valid(
    native, capsys, monkeypatch, tmp_path
):
    """A BOM makes the extension leave the file to Python unread: when this Python cannot
    parse it either, whether the project's newer Python can is not known, and said so."""
    if sys.version_info >= (3, 12):
        pytest.skip("this Python reads PEP 695 generics")
    root = write(tmp_path, {"pyproject.toml": '[project]\nrequires-python = ">=3.13"\n'})
    (root / "dag.py").write_bytes(b'\xef\xbb\xbf\\"""broken\n')
    code, data = check(capsys, monkeypatch, ".", cwd=root)
    assert code == 3
    (entry,) = data["unparsed"]
    assert "is not known" in entry["reason"] and "valid Python 3.14," not in entry["reason"]


def test_an_app_importing_a_file_only_newer_python_reads_still_starts(
    native, capsys, monkeypatch, tmp_path
):
    """unjam's own limit is no proof the app cannot start: under the project's Python the
    file compiles, so the app importing it is checked (its route's sleep found)."""
    if sys.version_info >= (3, 12):
        pytest.skip("this Python reads PEP 695 generics")
    root = write(
        tmp_path,
        {
            "generic.py": 'BULLET = "\\N{BULLET}"\n\ndef first[T](x: T) -> T:\n    return x\n',
            "main.py": """
                import time

                from fastapi import FastAPI

                from generic import first

                app = FastAPI()


                @app.get("/hello")
                async def hello():
                    time.sleep(1)
                    return first(1)
                """,
        },
    )
    code, data = check(capsys, monkeypatch, ".", cwd=root)
    assert code == 3  # (a file unjam could not read outranks the finding)
    (entry,) = data["unparsed"]
    assert entry["path"] == "generic.py" and "cannot start" not in entry["reason"]
    assert [(f["code"], f["path"], f["line"]) for f in data["findings"]] == [
        ("UJ001", "main.py", 13)
    ]


def test_a_script_named_like_the_standard_library_does_not_capture_its_imports(
    capsys, monkeypatch, tmp_path
):
    """`profiles/time.py` outside any package is importable as `time` only by its own
    neighbours; `import time` anywhere else is the standard library's, and `time.sleep` in a
    route is still found."""
    root = write(
        tmp_path / "repo",
        {
            "svc/__init__.py": "",
            "svc/main.py": """\
                import time

                from fastapi import FastAPI

                app = FastAPI()


                @app.get("/slow")
                async def slow():
                    time.sleep(0.1)
                    return {}
                """,
            "profiles/time.py": "def sleep(seconds):\n    return seconds\n",
        },
    )
    _, data = check(capsys, monkeypatch, ".", cwd=root)
    assert [(f["code"], f["path"], f["line"]) for f in data["findings"]] == [
        ("UJ001", "svc/main.py", 10)
    ]


@pytest.mark.parametrize("folder", ["cookbook", "demo", "demos"])
def test_a_top_level_cookbook_is_example_programs_and_a_nested_one_is_not(
    capsys, monkeypatch, tmp_path, folder
):
    """agno's `cookbook/` (gradio's `demo/`) beside the project holds example programs;
    `src/scraper/cookbook/` inside a package is the project's own code (a recipe-book
    feature), checked as such."""
    files = dict(LIBRARY_WITH_EXAMPLES)
    app = files.pop("examples/webapp/app.py")
    files[f"{folder}/webapp/app.py"] = app
    root = write(tmp_path / "repo", files)
    _, data = check(capsys, monkeypatch, ".", cwd=root)
    assert [(f["entry"]["name"], f["entry"]["route"]) for f in data["findings"]] == [
        ("fetch_page", None)
    ]
    if folder != "cookbook":
        return
    files.pop("cookbook/webapp/app.py")
    files["src/scraper/cookbook/app.py"] = app
    nested = write(tmp_path / "nested", files)
    _, data = check(capsys, monkeypatch, ".", cwd=nested)
    assert {f["entry"]["route"] for f in data["findings"]} == {"GET /page"}


def test_no_module_name_passes_through_a_folder_a_module_beside_it_shadows(tmp_path):
    """`app/utils.py` beside `app/utils/` (no `__init__.py`): Python imports the module, so
    `app/utils/expiry.py` is no `app.utils.expiry`; with an `__init__.py` the folder is the
    package, and the name stands. Both walks (text and pathlib) agree."""
    from unjam.analysis.module_names import _module_names_pathlib, module_names

    (tmp_path / "app" / "utils").mkdir(parents=True)
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "utils.py").write_text("")
    inside = tmp_path / "app" / "utils" / "expiry.py"
    inside.write_text("")
    for names in (
        module_names(inside, tmp_path, {}),
        _module_names_pathlib(inside, tmp_path, {})[0],
    ):
        assert "app.utils.expiry" not in names, names
    (tmp_path / "app" / "utils" / "__init__.py").write_text("")
    assert "app.utils.expiry" in module_names(inside, tmp_path, {})


def _app_with(route: str, call: str) -> str:
    """A one-route app whose async endpoint makes `call` (an `os` or `time` call)."""
    return (
        "import os\nimport time\n\nfrom fastapi import FastAPI\n\napp = FastAPI()\n\n\n"
        f"@app.get('{route}')\nasync def handler():\n    return {call}\n"
    )


ARCHIVED = {
    "requirements.txt": "fastapi\n",
    "app/main.py": _app_with("/now", "time.sleep(0.1)"),
    "archive/old-service/main.py": _app_with("/then", "time.sleep(1)"),
    "reference/upstream/server.py": _app_with("/files", "os.listdir('.')"),
}


def test_archived_code_and_reference_copies_are_not_the_project_s_apps(
    capsys, monkeypatch, tmp_path
):
    """An old service kept in `archive/` and another project's code in `reference/`, at the
    top: their apps are not what the project serves; the project's own app is."""
    root = write(tmp_path / "repo", ARCHIVED)
    _, data = check(capsys, monkeypatch, ".", cwd=root)
    assert [(f["path"], f["entry"]["route"]) for f in data["findings"]] == [
        ("app/main.py", "GET /now")
    ], data["findings"]


RUN_TIME_ROUTES = {
    "svc/__init__.py": "",
    "svc/endpoints.py": """\
        import requests


        async def fetch_quote():
            return requests.get("http://quotes.internal/today").json()


        TABLE = [("get", "/quote", fetch_quote)]
        """,
    "svc/server.py": """\
        from fastapi import FastAPI

        from svc.endpoints import TABLE

        app = FastAPI()

        for method, path, endpoint in TABLE:
            getattr(app, method)(path)(endpoint)
        """,
}


def test_an_app_with_no_route_unjam_can_see_is_a_note_not_all_clear(capsys, monkeypatch, tmp_path):
    root = write(tmp_path / "repo", RUN_TIME_ROUTES)
    code, data = check(capsys, monkeypatch, ".", cwd=root)
    assert code == 0 and data["findings"] == []
    assert [(n["path"], n["line"]) for n in data["notes"]] == [("svc/server.py", 5)]
    assert "no route" in data["notes"][0]["message"]
    for args in (["--no-cache"], [], []):  # the second run writes the cache, the third reads it
        monkeypatch.setattr(sys, "argv", ["unjam", "check", *args, "."])
        with pytest.raises(SystemExit):
            cli.main()
        out, _ = capsys.readouterr()
        assert "svc/server.py:5: note: unjam sees no route on this app" in out
        assert (
            "All checks passed" not in out and "not everything the project runs was checked" in out
        )
    # one route it can see: the app is followed, and nothing is said
    (root / "svc/server.py").write_text(
        textwrap.dedent(RUN_TIME_ROUTES["svc/server.py"]) + '\n\n@app.get("/ping")\n'
        "async def ping():\n    return {}\n"
    )
    code, data = check(capsys, monkeypatch, ".", cwd=root)
    assert code == 0 and "notes" not in data
