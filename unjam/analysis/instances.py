"""Arguments that are surely an object, not `None`: what a call builds, or a local that
holds only such values.

`apply(cfg, store=await get_store(request))` with `async def get_store(...) -> Store`, or
`apply(cfg, store=Store())`: in `apply`, `runtime = store or Store()` never builds a second
store, and `if store is None:` is never true. values.py decides such tests from an
`Instance`; this module says which arguments are one. An argument is when it calls a project
class, or calls (awaiting it when it is a coroutine function) a project function whose return
annotation names a class — a promise that function makes (`-> Store`, not `-> Store | None`)
— or a builtin scalar (`-> str`: never `None`, its truth unknown).
The object is also true when its class and every base are the project's own (or `object`,
or pydantic's `BaseModel`) and none defines `__bool__` or `__len__`; another outside base (a
`dict`) may.
A few outside calls make an object too (`os.path.join(...)`, `Path(...)`, a string constant's
`.join`/`.format`), and so does an outside class's construction: never `None`, their truth
unknown, but for HTTP clients (`httpx.AsyncClient()`, `requests.Session()`), which are
always true. So is a parameter the caller passes on as it got it,
annotated with a class and not defaulting to `None` (`client: httpx.AsyncClient`: its own
callers' promise), and a module global every assignment of which makes one (`SHARED =
httpx.AsyncClient()`).
"""

from __future__ import annotations

from unjam.analysis.project import Func, Project
from unjam.analysis.values import (
    ENCODED,
    IN_MEMORY_FILES,
    INSTANCE,
    TRUE_INSTANCE,
    UPLOADED,
    Built,
    Instance,
    ProjectObject,
    spelt_as_class,
)

# bases that define neither `__bool__` nor `__len__` (a pydantic model is always true)
_NEUTRAL_BASES = frozenset(
    {
        "builtins.object",
        "typing.Generic",
        "abc.ABC",
        "pydantic.BaseModel",
        "pydantic.main.BaseModel",
    }
)
# outside classes whose instances are always true (none defines `__bool__` or `__len__`):
# HTTP clients, as `client = client or httpx.AsyncClient()` tests them
_TRUE_OUTSIDE = frozenset(
    {
        "httpx.AsyncClient",
        "httpx.Client",
        "requests.Session",
        "requests.sessions.Session",
        "aiohttp.ClientSession",
        "aiohttp.client.ClientSession",
    }
)
_NAMES_DEEP = 3  # locals followed through `a = b` assignments
# a project function's return annotation naming one of these promises a value, never None
_SCALAR_RETURNS = frozenset(
    ("ext", f"builtins.{name}") for name in ("str", "bytes", "int", "float", "bool")
)
# outside functions and classes that never return None (a path, a string, an object)
_NEVER_NONE = frozenset(
    {
        "os.path.join",
        "os.path.abspath",
        "os.path.realpath",
        "os.path.normpath",
        "os.path.expanduser",
        "os.path.basename",
        "os.path.dirname",
        "os.getcwd",
        "builtins.str",
        "pathlib.Path",
        "pathlib.PurePath",
        "uuid.uuid4",
        "tempfile.mkdtemp",
        "tempfile.gettempdir",
    }
)


_UPLOAD_FILES = frozenset(
    {
        "fastapi.UploadFile",
        "fastapi.datastructures.UploadFile",
        "starlette.datastructures.UploadFile",
    }
)


class BuiltArguments:
    def __init__(self, project: Project):
        self.project = project
        self._truth: dict[str, bool] = {}  # class gqn → its instances are surely true
        self._objects: dict[tuple[Built, ...], ProjectObject] = {}  # see _object
        self._of_class: dict[str, ProjectObject] = {}  # class gqn → see _built
        # (module, global name) → what `_module_built` found
        self._globals: dict[tuple[str, str], Instance | None] = {}

    def of_call(self, func: Func, refs: list[tuple]) -> dict[tuple, Instance]:
        """The argument refs among `refs` (of a call `func` makes) that surely are objects."""
        out: dict[tuple, Instance] = {}
        for ref in refs:
            value = self._instance(func, ref)
            if value is not None:
                out[ref] = value
        return out

    def _instance(self, func: Func, ref: tuple, depth: int = 0) -> Instance | None:
        if ref[0] == "name":  # (`target = other_name`: followed a few names deep)
            return self._held(func, ref[1], depth + 1) if depth < _NAMES_DEEP else None
        if ref[0] == "attr" and ref[2] == "file" and ref[1][0] == "name":
            return UPLOADED if self._upload(func, ref[1][1]) else None  # `upload.file`
        awaited = ref[0] == "await"
        call = ref[1] if awaited else ref
        if call[0] != "call":
            return None
        p = self.project
        target = call[1]
        if target[0] == "attr" and target[1][0] == "const" and type(target[1][1]) is str:
            return INSTANCE  # `"/".join(parts)`, `"{}.png".format(name)`: a string
        if not awaited and _encodes(call):
            return ENCODED  # `text.encode("utf-8")`: bytes
        if not awaited and _reads_whole(call):  # `buffer.read()` of a `BytesIO`: bytes
            held = self._instance(func, target[1], depth + 1) if depth < _NAMES_DEEP else None
            if held is IN_MEMORY_FILES["io.BytesIO"]:
                return ENCODED
        callee = p.callee(func, target) if target[0] == "attr" else p.value_of(func, target)
        if callee is None:
            return None
        if callee[0] == "ext" and not awaited and callee[1] in IN_MEMORY_FILES:
            return IN_MEMORY_FILES[callee[1]]
        if callee[0] == "ext" and not awaited and callee[1] in _TRUE_OUTSIDE:
            return TRUE_INSTANCE
        if (
            callee[0] == "ext"
            and not awaited
            and (callee[1] in _NEVER_NONE or spelt_as_class(callee[1]))
        ):
            return INSTANCE
        if callee[0] == "class" and not awaited:
            return self._built(callee[1])
        if callee[0] != "func" and callee[0] != "meth":
            return None
        made = p.funcs.get(callee[1])
        if made is None or made.fd.is_async != awaited or made.fd.is_generator:
            return None  # (an un-awaited coroutine function gives a coroutine)
        if depth < _NAMES_DEEP and (built := self._returned_file(made, depth + 1)) is not None:
            return built
        returns = made.fd.returns
        if returns is None or (returns[0] != "name" and returns[0] != "attr"):
            return None  # `-> Store | None`, `-> Optional[Store]`: no promise
        if p.value_of(p.parent_scope(made), returns) in _SCALAR_RETURNS:
            return INSTANCE  # `-> str`: a string, maybe empty, never None
        typed = p.annotation_type(p.parent_scope(made), returns)
        if typed is None or typed[0] != "obj":
            return None
        return TRUE_INSTANCE if self._true(typed[1]) else INSTANCE

    def _returned_file(self, made: Func, depth: int) -> Instance | None:
        """The in-memory file each `return` of a project function builds (`return
        BytesIO(converted)`), whatever its annotation says: what its callers pass on."""
        values = made.fd.return_values
        if not values:
            return None
        first = self._instance(made, values[0], depth)
        if first is None or first.made not in IN_MEMORY_FILES:
            return None
        same = all(self._instance(made, value, depth) is first for value in values[1:])
        return first if same else None

    def _held(self, func: Func, name: str, depth: int) -> Instance | None:
        """A local every assignment of which surely makes an object (`target =
        os.path.join(root, name)`): not `None` wherever it is read (its truth is known only
        when every value's is)."""
        values = func.fd.locals.get(name)
        if not values and name not in func.fd.globals_declared:
            return self._annotated(func, name) or self._module_built(func, name, depth)
        if not values or name in func.fd.globals_declared:
            return None
        if any(param.name == name for param in func.fd.params):
            return None  # rebound on some paths only: the caller's value may be `None`
        found = []
        for value in values:
            made = self._instance(func, value, depth)
            if made is None:
                return None
            found.append(made)
        if all(v is found[0] for v in found):
            return found[0]  # (one kind of object: an in-memory file stays one)
        objects = [v for v in found if isinstance(v, ProjectObject)]
        if len(objects) == len(found):  # (an object of any of their classes)
            built = {b: None for v in objects for b in v.built}
            return self._object(tuple(sorted(built, key=lambda b: (b.name, sorted(b.kinds)))))
        return TRUE_INSTANCE if all(v.truthy for v in found) else INSTANCE

    def _annotated(self, func: Func, name: str) -> Instance | None:
        """A parameter the function never rebinds, annotated with a class (`client:
        httpx.AsyncClient`; not `Optional[...]` nor `X | None`) and not defaulting to `None`:
        what its callers promise to pass."""
        p = self.project
        for param in func.fd.params:
            if param.name != name:
                continue
            ann = param.annotation
            if ann is None or ann[0] not in ("name", "attr") or param.default == ("const", None):
                return None
            typed = p.annotation_type(p.parent_scope(func), ann)
            if typed is None or typed[0] not in ("obj", "inst"):
                return None  # (an outside class's instance: "inst")
            if typed[0] == "inst":
                return TRUE_INSTANCE if typed[1] in _TRUE_OUTSIDE else INSTANCE
            return TRUE_INSTANCE if self._true(typed[1]) else INSTANCE
        return None

    def _plain_bases(self, classes: list[str] | tuple[str, ...]) -> bool:
        """Whether every base of each of `classes` is a project class or a plain one."""
        p = self.project
        for gqn in classes:
            cls = p.classes.get(gqn)
            if cls is None:
                return False
            scope = p.class_scope(cls)
            for base_ref in cls.cd.bases:
                base = p.value_of(scope, base_ref)
                if base is None or (base[0] != "class" and base[1] not in _NEUTRAL_BASES):
                    return False
        return True

    def _upload(self, func: Func, name: str) -> bool:
        """Whether `name` is a parameter annotated as FastAPI's (Starlette's) `UploadFile`
        that the function never rebinds."""
        if name in func.fd.locals:
            return False
        param = next((q for q in func.fd.params if q.name == name), None)
        ann = param.annotation if param is not None else None
        if ann is None or ann[0] not in ("name", "attr"):
            return False
        typed = self.project.annotation_type(self.project.parent_scope(func), ann)
        return typed is not None and typed[0] == "inst" and typed[1] in _UPLOAD_FILES

    def _module_built(self, func: Func, name: str, depth: int) -> Instance | None:
        """A module global of the function's module that every assignment of it, anywhere
        in the module, surely makes an object (`SHARED = httpx.AsyncClient()`)."""
        if any(param.name == name for param in func.fd.params):
            return None
        assigned = func.mod.summary.global_values.get(name)
        if not assigned:
            return None
        key = (func.mod.name, name)
        if key in self._globals:
            return self._globals[key]
        self._globals[key] = None  # (a cycle through it: unknown)
        scope = self.project.module_scope(func.mod)
        found = [self._instance(scope, value, depth) for _qn, value in assigned]
        made = None
        if all(value is not None for value in found):
            made = TRUE_INSTANCE if all(v is TRUE_INSTANCE for v in found) else INSTANCE
        self._globals[key] = made
        return made

    def _built(self, class_gqn: str) -> ProjectObject:
        """The object a call of the project class builds: its class and the classes of its
        MRO, by name (closed when every base is the project's or a plain one)."""
        known = self._of_class.get(class_gqn)
        if known is None:
            classes, outside = self.project.mro(class_gqn)
            kinds = frozenset(gqn.rpartition(".")[2] for gqn in (*classes, *outside))
            closed = all(b in _NEUTRAL_BASES for b in outside) and self._plain_bases(classes)
            name = class_gqn.rpartition(".")[2]
            built = Built(name, kinds, closed, self._true(class_gqn))
            known = self._of_class[class_gqn] = self._object((built,))
        return known

    def _object(self, built: tuple[Built, ...]) -> ProjectObject:
        """The one `ProjectObject` of these classes."""
        known = self._objects.get(built)
        if known is None:
            truthy = all(b.truthy for b in built)
            known = self._objects[built] = ProjectObject(truthy, built)
        return known

    def _true(self, class_gqn: str) -> bool:
        known = self._truth.get(class_gqn)
        if known is None:
            known = self._truth[class_gqn] = self._plain_truth(class_gqn)
        return known

    def _plain_truth(self, class_gqn: str) -> bool:
        p = self.project
        classes, outside = p.mro(class_gqn)
        if any(base not in _NEUTRAL_BASES for base in outside):
            return False
        if not self._plain_bases(classes):
            return False  # a base not known to be plain: it may define them
        return p.method(class_gqn, "__bool__") is None and p.method(class_gqn, "__len__") is None


def _reads_whole(call: tuple) -> bool:
    """`x.read()`, `x.getvalue()`: what an in-memory file holds."""
    target = call[1]
    return target[0] == "attr" and target[2] in ("read", "getvalue") and not call[2] and not call[3]


def _encodes(call: tuple) -> bool:
    """`x.encode()`, `x.encode("utf-8")`, `x.encode(encoding="utf-8", errors="ignore")`: a
    string's encoding (constant arguments only: `jwt.encode(payload, key)` is no such call)."""
    target, args, kwargs = call[1], call[2], call[3]
    if target[0] != "attr" or target[2] != "encode" or len(args) > 2:
        return False
    if any(key not in ("encoding", "errors") for key, _value in kwargs):
        return False
    values = [*args, *(value for _key, value in kwargs)]
    return all(v[0] == "const" and type(v[1]) is str for v in values)
