"""The native (Rust) parse+summarise path gives exactly the Python path's rows.

`unjam/analysis/parse.py` (→ summarize.py) is the reference; `unjam_native` must return rows
equal to it with `==` (tuples vs lists and dict order included), or `None` as the summary for
a file it cannot be sure about, which Python then redoes. These tests fail, not skip, when the
extension is missing — `make` builds it — unless `UNJAM_NATIVE=0` asks for Python only.
"""

from __future__ import annotations

import marshal
import os
import sys
from pathlib import Path

import pytest

from unjam.analysis import parse
from unjam.analysis.engine import analyze

ROOT = Path(__file__).resolve().parents[1]
VERSION = sys.version_info[:2]

if os.environ.get("UNJAM_NATIVE") == "0":
    pytest.skip("UNJAM_NATIVE=0: the native path is switched off", allow_module_level=True)

import unjam_native  # noqa: E402  (an ImportError here is a failure: `make` builds it)

# Constructs whose summaries depend on details both implementations must agree on.
TRICKY = """
def load_config(now):
    if _cache and now - _at < 300:
        return copy.deepcopy(_cache)
    if _other and _other.ok:
        return dict(_other)
    x = [f(p) for p in ps] if ps else g(h())
    return x


def generate(prefix, negative=None, cfg_scale=1.0, strict=False):
    if cfg_scale != 1 and negative is None:
        raise ValueError("a negative prefix")
    if strict == 1 and negative is None:
        raise ValueError("strict")
    if cfg_scale != 1.0:
        prefill(negative)
    if strict is True:
        prefill(negative)


import os.path, a.b as ab
from ..pkg import x as y, z
from . import *
big = 123456789012345678901234567890 + 0x_ffff_ffff_ffff_ffff_ff + 2**63
small = (-5, 2_147_483_648, 1.5e300, 1e-7, 3j, b"b", ..., None, True, "s" * 3)
long = "%s"
uni = "héllo wörld ✓ " * 20
neg = -1
s = "ü✓"; after_unicode(lambda: "ü", ü=f"{é()}")
f1 = f"{API}/users"; f2 = "x" f"{a}" "y" f"{b}{{z}}"; f3 = f"{a!s}/b"; f4 = f"{a:>3}/b"
f5 = f"/v1/{a}/{b}/c/{d.e}"; f6 = f"\\n{a}"; f7 = f"{a}{b}{c}{d}{e}{f}{g}{h}{i}"; f8 = f"é{a}ü"
d = {"a": 1, **other, "b": [i for i in range(3)], 1: {2, 3}}
t: "Optional[Session]" = None
u: "list[int] | None"
v: int
first, (second, *rest) = f(), (g(), h(), i())
obj.total_tokens = 0
obj.attr, other.attr = 1, 2


@decorator.attr(arg=lambda q: q + 1)
@ (parenthesised)
async def handler(a, /, b: "Dep" = Depends(get), *args, c: int = k(), **kw) -> "Out":
    global g
    g = await client.get(url, timeout=(1, 2))
    if (n := compute(a)) is not None:
        return n
    with open(path) as fh, lock:
        data = fh.read()
    async with session.post(u) as resp:
        await resp.json()
    for item in items(1)[::2]:
        yield item.value(f"{x!r:>{width()}} and {call(y)=}")
    yield from gen(lambda: (lambda: inner())())
    try:
        raise Error(msg()) from cause()
    except (A, B) as e:
        log(e)
    finally:
        cleanup()
    assert check(), message()
    del cache[key()]
    match command():
        case [x, *_]:
            act(x)
    return [await job() for job in jobs if ok(job)]


class Outer(Base, metaclass=Meta):
    attr: int = field(default_factory=list)
    x = y = compute()

    @property
    def value(self):
        if self._cached is not None:
            return self._cached
        self._cached = load()
        return self._cached

    @value.setter
    def value(self, v):
        self._v = v
        self.peers: dict[str, Outer] = {}  # kept as the method's "self.peers"
        other.seen: bool = True
        v.count: int = 0

    class Inner:
        def method(self):
            def nested():
                nonlocal_thing()
            return nested

    def value(self):  # redefinition replaces the first one, keeps its position
        return 1


def flags(path, force=True, stream=None, *, fmt="webp", level=1):
    if not force and path.exists() and stream.read():
        pass
    if stream or open(path) or stream is not None or load(fmt):
        pass
    elif fmt == "tiff" and level != 2 and not path:
        convert(path)
    if fmt is None and (force or other()):
        save()
    if force is True or other(force) and fmt == f"{level}" or level == -1:
        save(level)
    else:
        other(level)
    if not stream or level:
        pass
    elif fmt != "x":
        save()
    else:
        other()


def factory():
    class Local:
        def m(self):
            return helper()
    _client = None
    if not _client:
        _client = make_client()
    if key not in _cache:
        _cache[key] = build()
    return Local, (1 if a() else b()), a() and b() or c(), not d(), e() < f() <= g()


def guards(request, session=None):
    if session is None or not ready():
        if key not in _cache and request.app.state.client is None:
            start()
    elif cached_value(x):
        return 1
    if client is not None:
        return client
    if key in _cache:
        return _cache[key]
    if _ready:
        return _ready
    else:
        if last:
            return last
    finish()


if flag:
    def chosen():
        first()
else:
    def chosen():
        second()
try:
    def chosen():
        third()
except ImportError:
    pass


async def dropped(ids):
    [purge(i) for i in ids]
    {purge(i) for i in ids}
    touch()(later())
    await settle()
    (purge(i) for i in ids)
    log.info(fmt(ids)); notify(ids)


WIDE = [(f"/{i}", i) for i in ()] or [
    ("/a", A), ("/b", B), ("/c", C), ("/d", D), ("/e", E), ("/f", F), ("/g", G), ("/h", H),
    ("/i", I), ("/j", J), ("/k", K), ("/l", L), ("/m", M), ("/n", N), ("/o", O), ("/p", P),
    ("/q", Q), ("/r", R), ("/s", S), ("/t", T),
]
WIDE_MAP = {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9, "j": 10,
            "k": 11, "l": 12, "m": 13, "n": 14, "o": 15, "p": 16, "q": 17, "r": 18}


def switched():
    if _config is not None and _custom:
        return _config
    if _config is not None and not self.expired and time() - _at < 60:
        return _config
    if _config is not None and not _config.closed:
        return _config
    if len(_seen) == 0 or not len(self.items) or len(_seen) == 1:
        _seen.update(scan())
    while not inbox.empty():
        _seen.add(inbox.get())
    while not inbox.empty(block=False) or pending:
        pending.pop()
    reload = _config is None or _path != path or not _seen
    if reload:
        _config = load()
    again = _config is None
    again = False
    if again:
        load()
    typed: bool = "k" not in _seen
    if typed:
        load()
    _config = load()


def walrus_cached(schema, now):
    if (ser := schema.get("s")) and ser["type"] == "x" and not ser.get("i"):
        return ser
    if _expiry is None or now > _expiry:
        refresh()
    if not _table or time.monotonic() - _table_at > 300:
        refresh()
    if _rates.get(key) and now - _rates[key][1] < ttl:
        return _rates[key][0]


def deep():
    return ((((((((((((((((((((((((((((((((((((((((((((((x))))))))))))))))))))))))))))))))))))))))))))))
value = f(g(h(i(j(k(l(m(n(o(p(q(r(s(t(u(v(w(x(y(z(a(b(c(d(e(f(g(h(i(j(k(l(m(n(o(p(q(r(s(t(u(v(w(0))))))))))))))))))))))))))))))))))))))))))))
chain = a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u()


def stores(*args, **kwargs):
    kwargs["id"] = new_id()
    kwargs["meta"]["sum"] = digest(args)
    del kwargs[key()], table[1:2]
    args[0] += 1
    first, kwargs["x"] = pair()
    grid[row, col] = grid[col, row] = 0
    opts: dict = {}
    opts["a"]: int = 1


class Fields:
    def crawl(self, url, config, *rest, **options):
        if config.screenshot and not config.js_only or self.ready:
            return
        if url.startswith(("http://", "https://")) and not url.startswith(("a", 1)):
            scan(url)
        if rest.first or options.depth == 2 or config.mode is None:
            return

    @classmethod
    def build(cls, spec):
        if cls.ready or spec.name == "x" or not spec.parts:
            return
""".replace('"%s"', '"' + "x" * 300 + '"')


def python_files(*roots: Path) -> list[str]:
    return sorted(str(p) for root in roots for p in root.rglob("*.py") if p.is_file())


def first_difference(a: object, b: object, where: str = "row") -> str | None:
    if type(a) is not type(b):
        return f"{where}: {type(a).__name__} {a!r:.200} != {type(b).__name__} {b!r:.200}"
    if isinstance(a, tuple | list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            if found := first_difference(x, y, f"{where}[{i}]"):
                return found
        return None if len(a) == len(b) else f"{where}: length {len(a)} != {len(b)}"
    if isinstance(a, dict):
        if list(a) != list(b):
            return f"{where}: keys {list(a)!r:.300} != {list(b)!r:.300}"
        for k in a:
            if found := first_difference(a[k], b[k], f"{where}[{k!r}]"):
                return found
        return None
    return None if a == b else f"{where}: {a!r:.200} != {b!r:.200}"


def native_rows(paths: list[str], version: tuple[int, int] = VERSION) -> list[tuple]:
    return marshal.loads(unjam_native.summarize_files(paths, 2, version))


def assert_parity(paths: list[str]) -> None:
    native = native_rows(paths)
    python = parse._read_many(paths)
    assert [r[0] for r in native] == paths  # input order
    differing = [
        first_difference(n, p) for n, p in zip(native, python, strict=True) if n[4] is not None
    ]
    differing = [d for d in differing if d]
    assert not differing, "\n".join(differing[:5])
    declined = [n[0] for n in native if n[4] is None]
    assert len(declined) <= len(paths) // 10, declined  # the native path does the bulk


def test_parity_on_the_project_and_its_corpora():
    paths = python_files(ROOT / "tests", ROOT / "examples", ROOT / "unjam")
    assert len(paths) > 200
    assert_parity(paths)


def test_parity_on_tricky_constructs(tmp_path):
    (tmp_path / "pkg").mkdir()
    files = [tmp_path / "tricky.py", tmp_path / "pkg" / "__init__.py", tmp_path / "crlf.py"]
    files[0].write_text(TRICKY)
    files[1].write_text(TRICKY)  # a package's __init__ is summarised with is_package=True
    files[2].write_bytes(TRICKY.replace("\n", "\r\n").encode())
    assert_parity([str(f) for f in files])
    assert all(row[4] is not None for row in native_rows([str(f) for f in files]))


FALLBACKS = {
    "latin1.py": "x = 'caf\xe9'\n".encode("latin-1"),
    "bom.py": b"\xef\xbb\xbfx = f()\n",
    "coding.py": b"# -*- coding: latin-1 -*-\nx = f()\n",
    "broken.py": b"def f(:\n    pass\n",
    "alias.py": b"type X = int\nx = f()\n",
    "nested_spec.py": b'x = f"{x:{y:{z}}}"\n',  # ruff accepts these two, CPython does not
    "starred_field.py": b'x = f"{*x}"\n',
    # ast.parse and ruff accept it, CPython's compiler does not: the module cannot be imported
    "repeated_keyword.py": b"engine = create_engine(url, connect_args={}, connect_args={})\n",
}

# Edge cases of the two parsers: each must come back declined, or equal to the Python row.
EDGES = [
    "f(**x, *y)",
    "f(x=1, y)",
    "def f(a=1, b): pass",
    "a + 1 = 2",
    "del f()",
    "(a, b) += 1",
    "nonlocal x",
    "return 1",
    "await x",
    "f(a=1, a=2)",
    "*a = 1",
    "f'{a!x}'",
    "0777",
    "x = 5if 1 else 2",
    "[0x1for x in y]",
    "match x:\n    case 1 + 1: pass",
    "match x:\n    case x | y: pass",
    "async def f():\n    yield from x",
    "True = 1",
    "__debug__ = 1",
    "f\"{'\\n'}\"",
    'f"{x # c\n}"',
    'f"{lambda x: 1}"',
    "from __future__ import braces",
    "print(*a, **b, c)",
    'b"\u00e9"',
    'u"x" b"y"',
    "def f():\n    x = 1\n    global x",
    "try:\n    pass\nexcept* ValueError:\n    pass\nexcept ValueError:\n    pass",
    "if x:\n    a\n  b",
    "x = (*a)",
    "print(*a if b else c)",
    "@x := y\ndef f(): pass",
    "def f() -> *a: pass",
    "x[*a]",
    "class A[T]: pass",
    "def f(a, /, b, /): pass",
    'x = "\\ud800"',
    'x = "\\U00110000"',
    'x = f"{x:{{}}}" f"{{}}{y}" "w"',
    'x = f"{x!r:{y!r}}" f"{(x:=10)}" f"{x = }" f"{x:=10}"',
    "x = f'{x for x in y}'",
    "x = f\"{f'{x}'}\"",
    'x = f"""{\nx\n}"""',
    "x = [i async for i in y]",
    "def f():\n    x = [await i for i in y]",
    "x = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF + 1e400 + 1e-400 + 9007199254740993.0",
    "    x = 1",
    "\\",
    "\x0cx = f()",
    "def f():\n\tif x:\n\t\treturn g(x)\n\treturn [h(y) for y in x]",  # tabs alone
    "def f():\n\tx = 1\n        return g(x)",  # tabs and spaces: CPython's TabError
    "class C:\n\tdef m(self):\n\t\tpass\n  \ty = 2",
]


def test_files_it_cannot_promise_go_back_to_python(tmp_path, monkeypatch):
    paths = []
    for name, data in FALLBACKS.items():
        (tmp_path / name).write_bytes(data)
        paths.append(str(tmp_path / name))
    rows = native_rows(paths, (3, 11))
    assert [row[4] for row in rows] == [None] * len(paths)
    assert all(row[3] == parse.content_hash(Path(row[0]).read_bytes()) for row in rows)
    with_native = parse.read_all(paths, jobs=1)
    monkeypatch.setenv("UNJAM_NATIVE", "0")
    assert parse.read_all(paths, jobs=1) == with_native
    assert isinstance(with_native[3][4], str) and "syntax error" in with_native[3][4]
    repeated = "syntax error: keyword argument repeated: connect_args (line 1)"
    assert with_native[-1][4] == repeated, with_native[-1]


def test_edge_cases_are_declined_or_equal(tmp_path):
    paths = []
    for i, source in enumerate(EDGES):
        (tmp_path / f"edge_{i:02d}.py").write_text(source + "\n")
        paths.append(str(tmp_path / f"edge_{i:02d}.py"))
    for native, python in zip(native_rows(paths), parse._read_many(paths), strict=True):
        if native[4] is not None:
            assert isinstance(python[4], tuple), f"{Path(native[0]).read_text()!r}: {python[4]}"
            assert native == python, first_difference(native, python)


def test_a_file_indented_with_tabs_alone_is_read_natively(tmp_path):
    """Tabs alone leave CPython no TabError to raise: the extension reads such a file itself,
    as Python does; tabs and spaces both go back to Python."""
    tabs = tmp_path / "tabs.py"
    tabs.write_text("def f(x):\n\tif x:\n\t\treturn g(x)\n\treturn h(x)\n")
    mixed = tmp_path / "mixed.py"
    mixed.write_text("def f(x):\n\tif x:\n\t\treturn g(x)\n        return h(x)\n")
    (native_tabs, native_mixed) = native_rows([str(tabs), str(mixed)])
    (python_tabs,) = parse._read_many([str(tabs)])
    assert native_tabs[4] is not None and native_tabs == python_tabs
    assert native_mixed[4] is None


def test_windows_line_ends_read_as_cpython_reads_them(tmp_path):
    """CPython ends a line at `\r\n` or a lone `\r`, inside a string literal too (its value
    holds `\n`); the extension must give the same constants, lines and columns."""
    source = (
        'PREFIX = """/api\r\n/v1"""\r\n'
        "def f():\r\n    return open('a')\r\n"
        'NOTE = """one\rtwo"""\n'
    )
    path = tmp_path / "crlf.py"
    path.write_bytes(source.encode())
    (native,) = native_rows([str(path)])
    (python,) = parse._read_many([str(path)])
    assert native[4] is not None and native == python, first_difference(native, python)


DEEP = {
    "sum": "x = " + " + ".join(["f()"] * 3000),  # CPython: RecursionError building the AST
    "unary": "x = " + "-" * 30000 + "1",  # CPython: MemoryError in its parser
    "lambdas": "x = " + "lambda: " * 400 + "f()",  # summarize.py: RecursionError
    "elifs": "if a:\n    f()\n" + "elif b:\n    g()\n" * 600,
    "indent": "".join(" " * i + "if x:\n" for i in range(100)) + " " * 100 + "pass",
    "parens": "x = " + "(" * 201 + "1" + ")" * 201,
    "fine": "if a:\n    f()\n" + "elif b:\n    g()\n" * 120 + "x = " + "lambda: " * 40 + "f()",
}


def test_deep_nesting_is_left_to_python(tmp_path):
    """Where CPython's limits bite depends on the construct and the recursion limit: the
    native path declines well before, and takes ordinary depths (an `elif` chain of 120)."""
    paths = []
    for name, source in DEEP.items():
        (tmp_path / f"{name}.py").write_text(source + "\n")
        paths.append(str(tmp_path / f"{name}.py"))
    native = native_rows(paths)
    for row, python in zip(native[:-1], parse._read_many(paths[:-1]), strict=True):
        assert row[4] is None, (row[0], python[4])
    assert native[-1] == parse.read_one(paths[-1])


def test_unreadable_file_is_reported_by_python(tmp_path):
    gone = str(tmp_path / "gone.py")
    assert native_rows([gone]) == [(gone, 0, 0, "", None)]
    assert parse.read_all([gone]) == [parse.read_one(gone)]


def test_a_path_the_extension_cannot_take_falls_back_to_python(tmp_path):
    odd = os.fsdecode(bytes(tmp_path) + b"/\xff.py")  # not UTF-8: a surrogate escape in str
    Path(odd).write_text("x = f()\n")
    assert parse.read_all([odd], jobs=1) == [parse.read_one(odd)]


def test_unjam_native_0_forces_python(monkeypatch, tmp_path):
    monkeypatch.setenv("UNJAM_NATIVE", "0")
    assert parse.native_module() is None

    def boom(*_args):
        raise AssertionError("UNJAM_NATIVE=0 must not call the extension")

    monkeypatch.setattr(unjam_native, "summarize_files", boom)
    monkeypatch.setattr(unjam_native, "summarize_chunks", boom)
    (tmp_path / "m.py").write_text("x = f()\n")
    assert parse.read_all([str(tmp_path / "m.py")])[0][4] is not None
    monkeypatch.delenv("UNJAM_NATIVE")
    assert parse.native_module() is unjam_native


def test_cache_written_from_native_rows_is_reused(tmp_path, monkeypatch):
    root = tmp_path / "app"
    root.mkdir()
    files = []
    for i in range(5):
        files.append(root / f"mod_{i}.py")
        files[-1].write_text(f"import time\n\nasync def handler_{i}():\n    time.sleep(1)\n")
    files.append(root / "broken.py")
    files[-1].write_text("def f(:\n")
    cache_dir = tmp_path / "cache"
    cold = analyze(root, files, cache_dir=cache_dir)
    files[0].write_text(files[0].read_text().replace("time.sleep(1)", "pass"))

    summarised: list[str] = []
    real = unjam_native.summarize_chunks

    def counting(paths, threads, version, chunk):
        summarised.extend(paths)
        return real(paths, threads, version, chunk)

    monkeypatch.setattr(unjam_native, "summarize_chunks", counting)
    after = analyze(root, files, cache_dir=cache_dir)
    assert summarised == [str(files[0])]  # everything else, the broken file too, was cached
    assert len(after.findings) == len(cold.findings) - 1
    assert after.unparsed == cold.unparsed and after.unparsed[0][0] == "broken.py"


def test_chunks_are_the_rows_in_input_order(tmp_path, monkeypatch):
    """`summarize_chunks` hands out the same rows as `summarize_files`, `chunk` files at a
    time; `read_all` redoes each chunk's declined files and gives `on_rows` every row once."""
    paths = python_files(ROOT / "unjam")[:50]
    (tmp_path / "broken.py").write_text("def f(:\n")
    paths.insert(7, str(tmp_path / "broken.py"))
    blobs = list(unjam_native.summarize_chunks(paths, 2, VERSION, 8))
    assert [len(marshal.loads(b)) for b in blobs] == [8] * 6 + [3]
    assert [row for b in blobs for row in marshal.loads(b)] == native_rows(paths)
    assert list(unjam_native.summarize_chunks([], 2, VERSION, 8)) == []

    monkeypatch.setattr(parse, "NATIVE_CHUNK", 8)
    seen: list[tuple] = []
    saved: list[bytes] = []
    rows = parse.read_all(paths, 2, saved, seen.extend)
    assert rows == parse._read_many(paths)
    assert seen == rows  # once each, in input order
    # the cache keeps the blobs as they are: read in order, the redone row comes last
    latest = {row[0]: row for blob in saved for row in marshal.loads(blob)}
    assert [latest[p] for p in paths] == rows


def test_an_abandoned_iteration_stops_the_threads():
    """Dropping the iterator early (an exception, Ctrl-C) cancels the rest and returns once
    the threads finish their current file, instead of summarising everything first."""
    paths = python_files(ROOT / "unjam")
    chunks = unjam_native.summarize_chunks(paths, 2, VERSION, 4)
    first = marshal.loads(next(chunks))
    del chunks  # joins the threads after their current file
    assert [row[0] for row in first] == paths[:4]


def test_an_extension_failing_part_way_leaves_the_rest_to_python(monkeypatch):
    paths = python_files(ROOT / "unjam")[:20]
    real = unjam_native.summarize_chunks

    def failing(*args):
        chunks = real(*args)
        yield next(chunks)
        raise RuntimeError("a summarising thread stopped")

    monkeypatch.setattr(unjam_native, "summarize_chunks", failing)
    monkeypatch.setattr(parse, "NATIVE_CHUNK", 8)
    seen: list[tuple] = []
    rows = parse.read_all(paths, 1, None, seen.extend)
    assert rows == parse._read_many(paths)
    assert seen == rows  # once each, in input order


def test_an_extension_built_for_another_row_layout_is_not_used(monkeypatch, capsys):
    """A pull without `make` leaves an extension built from older sources: its rows would be
    read as the new layout (every file "unreadable"), so the Python parser is used, once said."""
    assert unjam_native.SUMMARY_FORMAT == parse.NATIVE_FORMAT  # `make` built it from these
    assert parse.native_module() is unjam_native
    monkeypatch.setattr(unjam_native, "SUMMARY_FORMAT", parse.NATIVE_FORMAT - 1)
    monkeypatch.setattr(parse, "_told_stale", False)
    assert parse.native_module() is None
    assert parse.native_module() is None
    assert capsys.readouterr().err.count("run `make` to rebuild it") == 1
