"""pandas, polars, openpyxl and Pillow (and PyTorch) reading or writing an in-memory
buffer: parsing or serialising, no file.

`pd.read_csv(io.BytesIO(await upload.read()))` parses bytes already in memory, and
`df.to_csv(buffer)` into an `io.StringIO` (or `df.to_csv()`, which returns the text) writes
no file: the time on the loop is CPU work, which is how such a call is labelled instead of
file I/O (its fix, running it in a thread or a process pool, is the same). Likewise
`pd.read_sql(query, sqlite3.connect("local.db"))` and `df.to_sql(name, con)` on a sqlite3
connection read and write a local file, not the network. And PyTorch's `torch.save(tensor,
buffer)` into an `io.BytesIO`, or `torch.load(io.BytesIO(data))`, touches no file at all: a
tensor turned into bytes and back, not reported; nor is a zip archive opened on bytes,
`zipfile.ZipFile(io.BytesIO(data))` (or into a sink of the project's own, an `io` class whose
methods only keep what is written: gpustack's `_ChunkBuffer(io.RawIOBase)`, from which a
streaming response yields the archive; or a tar or rar one, `tarfile.open(fileobj=buffer)`,
`rarfile.RarFile(buffer)`), a PDF, `fitz.open(stream=data)`, or an image,
`Image.open(io.BytesIO(data))` (which reads its header only; `image.save(buffer, "PNG")`
encodes it: CPU work). A pandas call given `storage_options` (which pandas refuses for a
local path), or a path that starts with a URL's scheme
(`f"abfs://{container}/{table}"`, `"s3://…"`), reads or writes remote storage through fsspec:
labelled network I/O."""

from __future__ import annotations

from unjam.analysis.project import Func, Project
from unjam.analysis.summary import CallSite
from unjam.analysis.values import string_prefix

_POLARS_FORMATS = ("csv", "parquet", "json", "ndjson", "excel", "ipc", "avro")
# each pandas, polars or openpyxl call that takes a path or a buffer → the keyword naming it
_TARGETS = {
    **dict.fromkeys(
        ("pandas.read_csv", "pandas.read_table", "pandas.read_json"), "filepath_or_buffer"
    ),
    "pandas.read_excel": "io",
    "pandas.read_parquet": "path",
    "pandas.read_pickle": "filepath_or_buffer",
    "pandas.DataFrame.to_csv": "path_or_buf",
    "pandas.DataFrame.to_excel": "excel_writer",
    "pandas.DataFrame.to_parquet": "path",
    **{f"polars.read_{kind}": "source" for kind in _POLARS_FORMATS},
    **{f"polars.DataFrame.write_{kind}": "file" for kind in _POLARS_FORMATS},
    "openpyxl.load_workbook": "filename",
    "openpyxl.Workbook.save": "filename",
    "PIL.Image.Image.save": "fp",
}
FRAME_IO = frozenset(_TARGETS)
# writers that return what they write when given no target
_RETURNING = frozenset(
    (
        "pandas.DataFrame.to_csv",
        "pandas.DataFrame.to_parquet",
        "polars.DataFrame.write_csv",
        "polars.DataFrame.write_json",
        "polars.DataFrame.write_ndjson",
    )
)
_BUFFERS = frozenset(("io.BytesIO", "io.StringIO", "_io.BytesIO", "_io.StringIO"))
# the `io` bases a file-like class of the project's own derives from
_IO_BASES = frozenset(
    {"io.IOBase", "io.RawIOBase", "io.BufferedIOBase", "io.TextIOBase", "io.BytesIO", "io.StringIO"}
)
# what a method of such a class may call and still keep what it is given in memory
_IN_MEMORY_CALLS = ("builtins.", "io.", "typing.", "collections.", "threading.")
_FILES = frozenset({"builtins.open", "io.open", "io.FileIO", "io.open_code"})
_WRITERS = frozenset({("ext", "pandas.ExcelWriter"), ("class", "pandas.ExcelWriter")})


def in_memory(project: Project, func: Func, site: CallSite, qn: str) -> bool:
    """Whether the pandas, polars or openpyxl call `qn` reads or writes a buffer in memory,
    not a file."""
    target = site.args[0] if site.args else dict(site.kwargs).get(_TARGETS[qn])
    if target is None:
        return qn in _RETURNING and not any(name is None for name, _value in site.kwargs)
    if target[0] == "const" and target[1] is None:
        return qn in _RETURNING
    return _a_buffer(project, func, target)


def on_remote_storage(func: Func, site: CallSite, qn: str) -> bool:
    """Whether the pandas call `qn` reads or writes remote storage (see the module's
    docstring)."""
    kwargs = dict(site.kwargs)
    options = kwargs.get("storage_options")
    if options is not None and options != ("const", None):
        return True
    target = site.args[0] if site.args else kwargs.get(_TARGETS[qn])
    if target is None:
        return False
    if target[0] == "const":
        start = target[1] if type(target[1]) is str else ""
    else:
        start = string_prefix(target, func.fd)
    scheme, sep, _ = start.partition("://")
    return bool(sep) and scheme.isalnum() and scheme != "file"


def _a_buffer(project: Project, func: Func, target: tuple, depth: int = 0) -> bool:
    """Whether `target` is an in-memory buffer, or a `pd.ExcelWriter` over one (`with
    pd.ExcelWriter(BytesIO()) as writer: df.to_excel(writer)`, also through a local)."""
    made = target[1] if target[0] == "call" else target
    value = project.value_of(func, made)
    if value is not None and value[1] in _BUFFERS:
        return True
    if value is not None and value[0] in ("class", "obj") and _memory_sink(project, value[1]):
        return True
    writer = _excel_writer(project, func, target)
    if writer is None or depth > 2:
        return False
    path = writer[2][0] if writer[2] else dict(writer[3]).get("path")
    return path is not None and _a_buffer(project, func, path, depth + 1)


def _memory_sink(project: Project, class_gqn: str) -> bool:
    """Whether a project class is a file-like object that keeps what is written to it in
    memory: it derives from an `io` base (and nothing else outside the project), and its
    methods, and those of its project bases, call nothing but one another and builtins,
    `io` and their like, none of which opens a file."""
    classes, outside = project.mro(class_gqn)
    if not _IO_BASES.intersection(outside) or any(
        base not in _IO_BASES and base != "builtins.object" for base in outside
    ):
        return False
    own = tuple(f"{gqn}." for gqn in classes)
    for gqn in classes:
        cls = project.classes.get(gqn)
        for name in cls.cd.methods if cls is not None else ():
            method = project.method(gqn, name)
            if method is None or not all(
                _keeps_in_memory(project, method, site, own) for site in method.fd.calls
            ):
                return False
    return True


def _keeps_in_memory(project: Project, func: Func, site: CallSite, own: tuple[str, ...]) -> bool:
    """Whether a call of such a method keeps to memory: an unresolved one (`self._parts.
    append(data)`), one of the class's own methods, or a builtin that opens no file."""
    ref = site.func
    callee = project.callee(func, ref) if ref[0] == "attr" else project.value_of(func, ref)
    if callee is None:
        return True
    if callee[0] in ("ext", "inst"):
        return callee[1].startswith(_IN_MEMORY_CALLS) and callee[1] not in _FILES
    return callee[0] == "meth" and callee[1].startswith(own)


def _excel_writer(project: Project, func: Func, target: tuple) -> tuple | None:
    """The `pd.ExcelWriter(...)` call `target` is, or the local it names holds (entered by a
    `with`, or assigned), else None."""
    refs = [target]
    if target[0] == "name":
        refs = list(func.fd.locals.get(target[1], ()))
    for ref in refs:
        while ref[0] in ("enter", "await"):
            ref = ref[1]
        if ref[0] == "call" and project.value_of(func, ref[1]) in _WRITERS:
            return ref
    return None


# calls that touch no file when handed a buffer (PyTorch's serialisers, a zip archive opened
# on bytes) → (the position, the keyword) of the file they read or write
_BUFFER_FILES = {
    "torch.load": (0, "f"),
    "torch.save": (1, "f"),
    "zipfile.ZipFile": (0, "file"),
    "PIL.Image.open": (0, "fp"),
    "fitz.open": (0, "filename"),
    "fitz.Document": (0, "filename"),
    "tarfile.open": (0, "name"),
    "rarfile.RarFile": (0, "file"),
}
BUFFER_IO = frozenset(_BUFFER_FILES)
# of those, the ones that also take the bytes themselves under a keyword of their own
_STREAM_KEYWORDS = {"fitz.open": "stream", "fitz.Document": "stream", "tarfile.open": "fileobj"}


def given_a_buffer(project: Project, func: Func, site: CallSite, qn: str) -> bool:
    """Whether `torch.load` / `torch.save` reads or writes a buffer in memory, not a file
    (`torch.save(tensor, buffer)` of `buffer = io.BytesIO()`: a tensor turned into bytes), or
    `zipfile.ZipFile` or Pillow's `Image.open` opens one (`ZipFile(io.BytesIO(await
    upload.read()))`), or PyMuPDF opens a document on its bytes (`fitz.open(stream=data)`)."""
    if _STREAM_KEYWORDS.get(qn) in dict(site.kwargs):
        return True
    position, keyword = _BUFFER_FILES[qn]
    target = site.args[position] if len(site.args) > position else dict(site.kwargs).get(keyword)
    return target is not None and _a_buffer(project, func, target)


# pandas' SQL calls → (the position, the keyword) of the connection they are given
_CONNECTIONS = {"pandas.read_sql": (1, "con"), "pandas.DataFrame.to_sql": (1, "con")}
PANDAS_SQL = frozenset(_CONNECTIONS)


def on_sqlite(project: Project, func: Func, site: CallSite, qn: str) -> bool:
    """Whether the pandas SQL call `qn` runs on a sqlite3 connection (a local file)."""
    index, keyword = _CONNECTIONS[qn]
    con = site.args[index] if len(site.args) > index else dict(site.kwargs).get(keyword)
    value = None if con is None else project.value_of(func, con)
    return value is not None and value[0] == "inst" and value[1] == "sqlite3.Connection"


def literal_frame(project: Project, func: Func, site: CallSite) -> bool:
    """Whether the frame a writer serialises into memory is built from values written in the
    code (`pd.DataFrame({"name": ["Ada", "Bob"], "email": [...]})`, a template's two rows):
    a few microseconds, nothing that grows with a request."""
    ref = site.func
    if ref[0] != "attr" or ref[1][0] != "name":
        return False
    values = func.fd.locals.get(ref[1][1], ())
    if len(values) != 1 or values[0][0] != "call":
        return False
    made = values[0]
    callee = project.callee(func, made[1]) if made[1][0] == "attr" else None
    callee = callee or project.value_of(func, made[1])
    if callee is None or callee[1] != "pandas.DataFrame":
        return False
    return all(_written(arg) for arg in (*made[2], *(value for _key, value in made[3])))


def _written(ref: tuple) -> bool:
    """A constant, or a list, tuple or dict of them."""
    if ref[0] == "const":
        return True
    if ref[0] == "list":
        return all(_written(item) for item in ref[1])
    if ref[0] == "dict":
        return all(key is not None and _written(key) and _written(v) for key, v in ref[1])
    return False
