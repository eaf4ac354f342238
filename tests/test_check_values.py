"""values.py's judgement: which of a callee's parameter tests one call decides false."""

from __future__ import annotations

import ast

from unjam.analysis.summarize import summarize
from unjam.analysis.values import decided_false, param_tests

SOURCE = """
def fetch(url, stream=False, fmt="json", level=3, marker=None):
    if stream:
        a()
    if fmt == "csv":
        b()
    if marker is None:
        c()
    if level is 3:
        d()
    if not stream and e():
        pass


class Handler:
    def get(self, url, stream=False):
        if stream:
            a()


def caller():
    fetch("u")
    fetch("u", True)
    fetch("u", stream=flag)
    fetch("u", fmt="csv")
    fetch("u", **options)
    fetch(*args)
    handler.get("u")
    handler.get("u", True)
    alias("u")
"""


def killed_kinds(call: int, callee: str = "fetch") -> set[tuple[str, str]]:
    mod = summarize(ast.parse(SOURCE), False)
    caller = mod.funcs["caller"]
    fd = mod.funcs[callee if callee == "fetch" else "Handler.get"]
    kills = decided_false(caller, caller.calls[call], fd, param_tests(fd))
    return {(fd.guards[i].kind, fd.guards[i].subject[1]) for i in kills}


def test_defaults_decide_the_tests_they_can():
    # `marker is None` holds for the default; `level is 3` is never decided (whether two
    # ints are the same object is the interpreter's business)
    assert killed_kinds(0) == {("param true", "stream"), ("param ==", "fmt")}


def test_a_constant_passed_by_position_decides_a_function_test():
    assert ("param false", "stream") in killed_kinds(1)
    assert ("param true", "stream") not in killed_kinds(1)


def test_a_passed_value_or_a_spread_decides_nothing_about_it():
    assert ("param true", "stream") not in killed_kinds(2)
    assert killed_kinds(4) == set()
    assert killed_kinds(5) == set()


def test_a_passed_constant_that_matches_keeps_the_branch():
    assert ("param ==", "fmt") not in killed_kinds(3)


def test_a_methods_positional_argument_may_be_the_parameter():
    assert killed_kinds(6, "get") == {("param true", "stream")}
    assert killed_kinds(7, "get") == set()  # bound or not: `True` may be `stream`


def test_a_call_by_another_name_decides_nothing():
    mod = summarize(ast.parse(SOURCE), False)
    caller, fd = mod.funcs["caller"], mod.funcs["fetch"]
    assert decided_false(caller, caller.calls[8], fd, param_tests(fd)) == frozenset()


def test_names_handed_on_as_values_are_found_where_they_hide():
    """A function used as a value (a hook in a dict, an alias through a conditional, a
    dependency in a default or an annotation, an item of a comprehension) may be called with
    anything: its calls do not decide its parameters. A callee, an attribute's or a
    subscript's base, or an operand is read, not handed on."""
    import ast
    import textwrap

    from unjam.analysis.summarize_names import value_names

    source = textwrap.dedent(
        """
        HOOKS = {"a": hook, **spread}
        chosen = either if flag else other
        def route(db: Annotated[Session, Depends(dependency)], page=Depends(paged)):
            called(module.handler, [listed], left + right, not negated, base[index])
            base.attribute.read()
            return [item for item in items], method.cache_clear
        """
    )
    names = value_names(ast.parse(source))
    assert names == sorted(names)
    handed_on = {"hook", "spread", "either", "other", "dependency", "paged", "handler"}
    handed_on |= {"listed", "index", "item", "items", "cache_clear", "flag", "Session"}
    assert handed_on <= set(names)
    read_only = {"called", "module", "left", "right", "negated", "base", "attribute", "read"}
    read_only |= {"method", "Depends", "Annotated", "HOOKS", "chosen", "route"}
    assert not read_only & set(names)


MEMBERS = """
def process(event, other=None):
    if event == Event.SWITCHED:
        a()
    if event != Event.CANCELLED:
        b()
    if event is Kind.SWITCHED:
        c()
    if other == self.mode:
        d()


def caller(flag):
    process(Event.CANCELLED)
    event = None
    if flag:
        event = Event.CREATED
    elif not flag:
        event = Event.CANCELLED
    process(event)
    process(event, other=self.other_mode)
"""


def member_kills(call: int) -> set[tuple[str, str]]:
    mod = summarize(ast.parse(MEMBERS), False)
    caller, fd = mod.funcs["caller"], mod.funcs["process"]
    kills = decided_false(caller, caller.calls[call], fd, param_tests(fd))
    return {(fd.guards[i].kind, fd.guards[i].returned[2]) for i in kills}


def test_enum_members_passed_decide_tests_against_members_of_the_same_name():
    # one member: `== SWITCHED` and `!= CANCELLED` are false; `Kind.SWITCHED` is another name
    assert member_kills(0) == {("param ==", "SWITCHED"), ("param !=", "CANCELLED")}
    # a local holding None, CREATED or CANCELLED: never SWITCHED, maybe not CANCELLED
    assert member_kills(1) == {("param ==", "SWITCHED")}
    # `self.mode` may equal `self.other_mode`: attributes of an instance decide nothing
    assert ("param ==", "mode") not in member_kills(2)


def test_a_default_names_the_callees_module_not_the_callers_parameters():
    """`def audit(strict=STRICT)`: `STRICT` is the callee module's name; a caller whose own
    parameter `STRICT` holds `False` on every call says nothing about it."""
    mod = summarize(
        ast.parse(
            "def audit(strict=STRICT):\n    if strict:\n        a()\n\n\ndef caller(STRICT):\n    audit()\n"
        ),
        False,
    )
    caller, fd = mod.funcs["caller"], mod.funcs["audit"]
    assert (
        decided_false(caller, caller.calls[0], fd, param_tests(fd), {"STRICT": False})
        == frozenset()
    )


BOUND = """
class Store:
    def save(self, flush=False):
        if flush:
            a()
        return self.write(False)

    def write(self, sync):
        if sync:
            b()

    @classmethod
    def build(cls):
        cls.write(False)
        cls.make(False)

    @classmethod
    def make(cls, sync):
        if sync:
            c()
"""


def test_self_binds_the_method_it_calls_but_cls_binds_only_a_classmethod():
    mod = summarize(ast.parse(BOUND), False)
    save, build = mod.funcs["Store.save"], mod.funcs["Store.build"]
    write, make = mod.funcs["Store.write"], mod.funcs["Store.make"]
    # `self.write(False)`: `sync` is False, so `if sync:` never runs
    assert decided_false(save, save.calls[-1], write, param_tests(write))
    # `cls.write(False)` passes False as `self` (write is no classmethod): nothing decided
    assert not decided_false(build, build.calls[0], write, param_tests(write))
    # `cls.make(False)`: a classmethod, bound to `cls`
    assert decided_false(build, build.calls[1], make, param_tests(make))
