"""Upper-case names a parameter is tested against or defaults to (`if split != FULL:`,
`split: str = FULL`), read as the module constant they hold (`FULL = "full"`, here or
imported): values.py decides tests of constants only, and a call that leaves `split` at its
default, or passes the constant on, then decides `split != FULL` false. An enum member's
value (`if kms == KMS.AZURE.value:`) is read likewise, as the constant the class body gives
the member (`AZURE = "azure_key_vault"`), so a call passing `"hashicorp_vault"` decides it."""

from __future__ import annotations

from dataclasses import replace

from unjam.analysis.constant_text import constant_number, constant_text
from unjam.analysis.project import Func, Project
from unjam.analysis.summary import FuncDef, Guard, upper_case_name


class NamedConstants:
    def __init__(self, project: Project) -> None:
        self.project = project
        self._signatures: dict[str, FuncDef] = {}  # gqn → the fd with its defaults read

    def tests(self, func: Func, tests: tuple[tuple[int, Guard], ...]) -> tuple:
        """`tests` (of `func`'s parameters), each against a name holding a constant read as
        that constant; one against a name that holds none stays as it is (undecided)."""
        if not any(_named(guard.returned) for _, guard in tests):
            return tests
        read = []
        for index, guard in tests:
            held = self._held(func, guard.returned) if _named(guard.returned) else None
            read.append((index, guard if held is None else guard._replace(returned=held)))
        return tuple(read)

    def signature(self, func: Func) -> FuncDef:
        """`func`'s definition, its parameters' upper-case name defaults read as the
        constants they hold (the same object when it has none)."""
        known = self._signatures.get(func.gqn)
        if known is None:
            fd = func.fd
            params = tuple(
                param._replace(default=held)
                if _named(param.default) and (held := self._held(func, param.default))
                else param
                for param in fd.params
            )
            changed = any(a is not b for a, b in zip(params, fd.params, strict=True))
            known = self._signatures[func.gqn] = replace(fd, params=params) if changed else fd
        return known

    def _held(self, func: Func, ref: tuple) -> tuple | None:
        """("const", the string or number the name surely holds), or None."""
        if ref[0] == "attr":
            return self._member_value(func, ref[1])
        text = constant_text(self.project, func, ref)
        if text is not None:
            return ("const", text)
        number = constant_number(self.project, func, ref)
        return ("const", number) if number is not None else None

    def _member_value(self, func: Func, member: tuple) -> tuple | None:
        """The constant a project class's body gives `member` (`KMS.AZURE`), when that is
        its only value there."""
        owner = self.project.value_of(func, member[1])
        if owner is None or owner[0] != "class" or owner[1] not in self.project.classes:
            return None
        values = self.project.classes[owner[1]].cd.attrs.get(member[2], ())
        if len(values) != 1 or values[0][0] != "const":
            return None
        value = values[0][1]
        return values[0] if type(value) in (str, int) else None


def _named(ref: tuple | None) -> bool:
    """An upper-case name (`FULL`) or an enum member's value (`KMS.AZURE.value`), as the
    summaries record a test against one."""
    if ref is None:
        return False
    if ref[0] == "name":
        return upper_case_name(ref[1])
    return ref[0] == "attr" and ref[2] == "value" and ref[1][0] == "attr"
