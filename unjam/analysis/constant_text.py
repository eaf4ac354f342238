"""The string (or number) an expression surely holds, from the constants the code shows:
written at the place, a module-level constant (here, imported — also by `import *` — or read
as `module.NAME`), a local assigned only constants, a few names deep, or such constants
joined with `+` (`DATASETS + "/clean"`); or, asked for how a string starts, such a constant
joined with something (`"/proc/" + pid`, `"/proc/%d" % pid`, `f"/proc/{pid}"`). Anything a
caller passes or a function computes is unknown (None)."""

from __future__ import annotations

from unjam.analysis.project import Func, Module, Project
from unjam.analysis.summary import ImportRef

_PREFIX_OPS = frozenset(("Add", "Mod"))  # the left string stays the start of the result
_MAX_HOPS = 4  # names followed to find the constant (a constant aliased a few times)


def constant_text(project: Project, func: Func, ref: tuple, whole: bool = True) -> str | None:
    """The string `ref` (a summary ref in `func`) surely holds; with `whole=False`, the text
    it surely starts with."""
    text = _text(project, func, ref, whole, _MAX_HOPS)
    return text if isinstance(text, str) else None


def constant_number(project: Project, func: Func, ref: tuple) -> int | None:
    """The integer `ref` surely holds (`ROUNDS = 1000` … `pbkdf2_hmac(..., ROUNDS)`)."""
    value = _text(project, func, ref, True, _MAX_HOPS, number=True)
    return value if isinstance(value, int) else None


def _text(
    project: Project, func: Func, ref: tuple, whole: bool, hops: int, number: bool = False
) -> str | int | None:
    tag = ref[0]
    if tag == "const":
        if number:
            return ref[1] if type(ref[1]) is int else None
        return ref[1] if isinstance(ref[1], str) else None
    if tag == "binop" and ref[1] in _PREFIX_OPS and not whole:
        return _text(project, func, ref[2], whole, hops)
    if tag == "binop" and ref[1] == "Add" and ref[3][0] == "fmt" and len(ref[3]) == 3:
        return _text(project, func, ref[3], whole, hops)  # the pieces hold the prefix too
    if tag == "binop" and ref[1] == "Add" and not number:  # `DATASETS + "/clean"`
        left = _text(project, func, ref[2], whole, hops)
        right = _text(project, func, ref[3], whole, hops) if isinstance(left, str) else None
        return left + right if isinstance(right, str) else None
    if tag == "fmt" and len(ref) == 3 and not number:
        return _formatted(project, func, ref, whole, hops)
    if hops == 0:
        return None
    if tag == "attr":  # `settings_module.API_PREFIX`
        base = project.value_of(func, ref[1])
        if base is None or base[0] != "mod":
            return None
        return _module_text(project, base[1], ref[2], whole, hops - 1, number)
    if tag != "name":
        return None
    name = ref[1]
    fd = func.fd
    if any(param.name == name for param in fd.params):
        return None  # what a caller passes
    local = fd.locals.get(name) if fd.qn != "<module>" else None
    if local is not None:
        return _one_text(project, func, local, whole, hops - 1, number)
    return _module_text(project, func.mod.name, name, whole, hops - 1, number)


def _formatted(project: Project, func: Func, ref: tuple, whole: bool, hops: int) -> str | None:
    """The text an f-string surely holds (`f"{API_PREFIX}/users"` with `API_PREFIX =
    "/api"`), or, with `whole=False`, its text up to the first value unjam cannot read."""
    values, pieces = ref[1], ref[2]
    if len(values) != len(pieces) - 1:
        return None  # (more values than the summary keeps)
    text = pieces[0]
    for value, piece in zip(values, pieces[1:], strict=True):
        part = _text(project, func, value, True, hops)
        if not isinstance(part, str):
            return None if whole else text or None
        text += part + piece
    return text


def _module_text(
    project: Project, modname: str, name: str, whole: bool, hops: int, number: bool = False
) -> str | int | None:
    mod = project.modules.get(modname)
    if mod is None:
        return None
    summary = mod.summary
    imp = summary.imports.get(name)
    imported = None
    if imp is not None:
        target = project.import_target(mod, imp)
        base, _, member = target.rpartition(".")
        imported = (
            _module_text(project, base, member, whole, hops - 1, number) if hops > 0 else None
        )
    assigned = summary.global_values.get(name)
    if not assigned:
        if imp is None and summary.star_imports and hops > 0:
            return _star_text(project, mod, name, whole, hops - 1, number)
        return imported
    if any(scope != "<module>" for scope, _ in assigned):
        return None  # (also) assigned by a function at run time
    # (by the module's own name: `modname` may be another name it answers to)
    scope = project.funcs.get(f"{mod.name}.<module>")
    if scope is None:
        return None
    text = _one_text(project, scope, [value for _, value in assigned], whole, hops, number)
    # imported and assigned too (`from routes.user import endpoint` … `endpoint =
    # "/petowners"`): which holds where it is read depends on the order, which the summary
    # does not keep — known only when both say the same
    return text if imp is None or text == imported else None


def _star_text(
    project: Project, mod: Module, name: str, whole: bool, hops: int, number: bool
) -> str | int | None:
    """`REGISTER` of `from app.config.endpoints import *`: the module that binds it, the
    last star import first (the one whose binding the name keeps)."""
    for star in reversed(mod.summary.star_imports):
        target = project.import_target(mod, ImportRef(star.level, star.module, None))
        found = project.modules.get(target)
        if found is not None and found is not mod and name in found.summary.global_values:
            return _module_text(project, target, name, whole, hops, number)
    return None


def _one_text(
    project: Project, func: Func, values: list, whole: bool, hops: int, number: bool = False
) -> str | int | None:
    """The text (or number) every one of a name's assigned values holds (or starts with),
    when they agree."""
    texts = {_text(project, func, value, whole, hops, number) for value in values}
    if len(texts) != 1:
        return None
    return texts.pop()


# settings classes that may take a field's value from the environment instead of its default
FROM_ENVIRONMENT = frozenset(
    {"pydantic_settings.BaseSettings", "pydantic.BaseSettings", "pydantic.v1.BaseSettings"}
)


def field_default(
    project: Project, func: Func, ref: tuple, whole: bool = True
) -> tuple[str, bool] | None:
    """The text `settings.X` holds by default (with `whole=False`, starts with) when
    `settings` is an instance of a project class whose field X has a constant default, and
    whether the class may take it from the environment instead (a `BaseSettings`)."""
    if ref[0] != "attr":
        return None
    base = project.value_of(func, ref[1])
    if base is None or base[0] != "obj" or base[1] not in project.classes:
        return None
    classes, outside = project.mro(base[1])
    validated = _validated_text(project, classes, ref[2], whole)
    if validated is not None:
        return validated, False  # (the validator's text, whatever the environment gives)
    for gqn in classes:
        cls = project.classes.get(gqn)
        values = cls.cd.attrs.get(ref[2]) if cls is not None else None
        if values:
            text = constant_text(project, project.module_scope(cls.mod), values[-1], whole)
            return None if text is None else (text, bool(FROM_ENVIRONMENT.intersection(outside)))
    return None


# pydantic's field validators: what one returns becomes the field's value
_FIELD_VALIDATORS = frozenset(
    {
        "pydantic.field_validator",
        "pydantic.functional_validators.field_validator",
        "pydantic.validator",
        "pydantic.class_validators.validator",
        "pydantic.v1.validator",
    }
)


def _validated_text(project: Project, classes: list[str], field: str, whole: bool) -> str | None:
    """The text a pydantic validator of `field` always returns (with `whole=False`, the text
    every value it returns starts with): `return f"sqlite:///{data_dir}/app.db"` replaces
    whatever the default, the environment or an `.env` file gave. None when the validator
    may return something else (`return value`), or the field has none, or several (each
    hands its value to the next)."""
    validators = []
    for gqn in classes:
        cls = project.classes.get(gqn)
        if cls is None:
            continue
        scope = project.module_scope(cls.mod)
        for qn in cls.cd.methods.values():
            method = project.funcs.get(f"{cls.mod.name}.{qn}")
            if method is not None and _validates(project, scope, method, field):
                validators.append(method)
    return _returned_text(project, validators[0], whole) if len(validators) == 1 else None


def _validates(project: Project, scope: Func, method: Func, field: str) -> bool:
    for decorator, _line, _col in method.fd.decorators:
        if decorator[0] != "call":
            continue
        callee = project.callee(scope, decorator[1])
        if callee is None or callee[0] != "ext" or callee[1] not in _FIELD_VALIDATORS:
            continue
        if any(arg == ("const", field) for arg in decorator[2]):
            return True
    return False


def _returned_text(project: Project, method: Func, whole: bool) -> str | None:
    """The text every `return` of the method gives (whole or, with `whole=False`, the start
    they share)."""
    returned = method.fd.return_values
    texts = [t for t in (constant_text(project, method, v, whole) for v in returned) if t]
    if not texts or len(texts) < len(returned):
        return None
    if whole:
        return texts[0] if len(set(texts)) == 1 else None
    shared = texts[0]
    for text in texts[1:]:
        while not text.startswith(shared):
            shared = shared[:-1]
    return shared or None
