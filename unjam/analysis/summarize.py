"""One pass over a module's AST → `ModuleSummary` (see `summary.py` for the ref format).

Why the stdlib `ast` and not libcst: `unjam check` must stay within a small factor of ruff on
a 2,000-file project, and libcst's concrete tree is an order of magnitude slower to build.
We only need names, calls, assignments and annotations, which `ast` gives exactly.

Expressions are converted to refs with a depth cap, so pathological expressions (a
thousand-term string concatenation) cost a truncated ref, never a RecursionError.
"""

from __future__ import annotations

import ast

from unjam.analysis.summarize_guards import (
    _EXITS,
    GuardRecorder,
    _cached_subject,
    _changed,
    _done_flag,
    asks_for_a_file,
    cached_return,
    ends_in_raise,
    exits_block,
    final_return,
    member_exit,
    missed_lookup,
    returned_source,
)
from unjam.analysis.summarize_names import value_names
from unjam.analysis.summary import (
    CallSite,
    ClassDef,
    FuncDef,
    ImportRef,
    ModuleSummary,
    Param,
    Ref,
    handler_guards,
)

UNKNOWN: Ref = ("?",)
_MAX_DEPTH = 40
_MAX_ITEMS = 64  # elements kept of a list/dict literal (a Tornado app's handler table)
_MAX_STR = 160  # characters kept of a string constant (route paths are short)
_MAX_FORMATTED = 8  # values kept of an f-string (as of a `boolop`)
# child nodes that can never contain a call: not worth a trip through the work stack
_LEAVES = frozenset(
    {
        ast.Name,
        ast.Constant,
        ast.Load,
        ast.Store,
        ast.Del,
        *ast.operator.__subclasses__(),
        *ast.boolop.__subclasses__(),
        *ast.cmpop.__subclasses__(),
        *ast.unaryop.__subclasses__(),
    }
)


# fields that never hold a node worth visiting (contexts, operators, plain values): skipping
# them only saves `getattr` calls, the visiting order of the other fields is unchanged
_NOT_NODES = frozenset({"ctx", "op", "ops", "conversion", "is_async", "attr", "arg", "id", "kind"})
_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}
_Name = ast.Name
_Constant = ast.Constant


def _constant(value: object) -> Ref:
    if isinstance(value, str):
        return ("const", value[:_MAX_STR])
    if isinstance(value, int | float | bool) or value is None:
        return ("const", value)
    return UNKNOWN


def _keywords(call: ast.Call, ref, fn: FuncDef, depth: int = 0) -> tuple:
    """A call's keyword arguments as refs. A name given twice (`connect_args=` twice) is a
    syntax error CPython's compiler raises though `ast.parse` accepts it: the module cannot
    be imported, so it is reported as a file that does not parse (native/src/refs.rs too)."""
    keywords = call.keywords
    if len(keywords) > 1:
        given: set[str] = set()
        for k in keywords:
            if k.arg in given:
                raise SyntaxError(f"keyword argument repeated: {k.arg}", ("", k.lineno, 0, ""))
            if k.arg is not None:
                given.add(k.arg)
    return tuple([(k.arg, ref(k.value, fn, depth)) for k in keywords])


def _fstring_ref(node: ast.JoinedStr, formatted: tuple) -> Ref:
    """An f-string as far as constant_text.py reads it: the constant it is when it has no
    placeholder, else the text before its first placeholder joined with what it formats
    (`f"/proc/{pid}/stat"` as `"/proc/" + ("fmt", (pid,))`), or what it formats alone when
    no text comes first; UNKNOWN when that text holds a brace or a backslash (what the
    native parser keeps of those is not compared). `formatted`: the refs of its values."""
    prefix: list[str] = []
    for value in node.values:
        if not (isinstance(value, ast.Constant) and isinstance(value.value, str)):
            break
        prefix.append(value.value)
    text = "".join(prefix)
    if any(c in text for c in "{}\\"):
        return UNKNOWN
    if len(prefix) == len(node.values):
        return _constant(text)
    pieces = _pieces(node)
    fmt = ("fmt", formatted) if pieces is None else ("fmt", formatted, pieces)
    if not text:
        return fmt
    return ("binop", "Add", _constant(text), fmt)


def _pieces(node: ast.JoinedStr) -> tuple[str, ...] | None:
    """The literal text around each placeholder (one more piece than placeholders), when
    every placeholder renders its value as `str()` does (no `!r`, no format spec) and the
    text is plain (no brace, no backslash), so the whole string can be read back:
    `f"{API_PREFIX}/users"` as ("", "/users")."""
    pieces: list[str] = []
    current = ""
    for value in node.values:
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            current += value.value
        elif isinstance(value, ast.FormattedValue):
            if value.conversion != -1 or value.format_spec is not None:
                return None
            pieces.append(current)
            current = ""
        else:
            return None
    pieces.append(current)
    if len(pieces) - 1 > _MAX_FORMATTED or any(
        len(p) > _MAX_STR or any(c in p for c in "{}\\") for p in pieces
    ):
        return None
    return tuple(pieces)


def summarize(tree: ast.Module, is_package: bool) -> ModuleSummary:
    return _Summarizer(is_package).run(tree)


class _Summarizer(GuardRecorder):
    def __init__(self, is_package: bool) -> None:
        self.mod = ModuleSummary(is_package=is_package)
        self.module_scope = FuncDef(qn="<module>", name="<module>", line=1, col=0)
        self.mod.funcs["<module>"] = self.module_scope
        self._refs: dict[int, Ref] = {}  # id(node) → ref: nested calls are converted once
        self._keep: list[ast.AST] = []
        self._names: dict[str, Ref] = {}  # identifier → its ("name", id) ref
        # id(FuncDef) → where its `yield`s are (line, col): `after_yield` is worked out from
        # them once its body has been walked
        self._yields: dict[int, list[tuple[int, int]]] = {}
        self.nands = []
        self.tests_held = {}
        # id(FuncDef) → the names it declares `nonlocal`: bound in the enclosing function
        self._nonlocals: dict[int, set[str]] = {}

    def run(self, tree: ast.Module) -> ModuleSummary:
        self.body(tree.body, self.module_scope, None, -1)
        self.module_scope.load_steps = load_steps(tree.body)
        self.mod.value_names = value_names(tree)
        return self.mod

    # ---- refs ---------------------------------------------------------------------------

    def ref(self, node: ast.AST | None, fn: FuncDef, depth: int = 0) -> Ref:
        if node is None:
            return ("const", None)
        if depth > _MAX_DEPTH:
            return UNKNOWN
        t = type(node)
        # names and constants (most nodes) are leaves, memoised by value rather than by node:
        # one shared tuple per name also keeps the marshalled summary small
        if t is _Name:
            name_ref = self._names.get(node.id)
            if name_ref is None:
                name_ref = self._names[node.id] = ("name", node.id)
            return name_ref
        if t is _Constant:
            return _constant(node.value)
        key = id(node)
        cached = self._refs.get(key)
        if cached is not None:
            return cached
        ref = self._ref(node, fn, depth + 1)
        self._refs[key] = ref
        return ref

    def _ref(self, node: ast.AST, fn: FuncDef, d: int) -> Ref:
        t = type(node)
        ref = self.ref
        if t is ast.Attribute:
            return ("attr", ref(node.value, fn, d), node.attr)
        if t is ast.Call:
            return (
                "call",
                ref(node.func, fn, d),
                tuple([ref(a, fn, d) for a in node.args]),
                _keywords(node, ref, fn, d),
            )
        if t is _Name:
            return ("name", node.id)
        if isinstance(node, ast.Constant):
            return _constant(node.value)
        if isinstance(node, ast.Await):
            return ("await", self.ref(node.value, fn, d))
        if isinstance(node, ast.Subscript):
            index = node.slice
            items = index.elts if isinstance(index, ast.Tuple) else [index]
            return ("sub", ref(node.value, fn, d), tuple([ref(i, fn, d) for i in items]))
        if isinstance(node, ast.List | ast.Tuple | ast.Set):
            return ("list", tuple([ref(e, fn, d) for e in node.elts[:_MAX_ITEMS]]))
        if isinstance(node, ast.Dict):
            return (
                "dict",
                tuple(
                    (self.ref(k, fn, d), self.ref(v, fn, d))
                    for k, v in list(zip(node.keys, node.values, strict=False))[:_MAX_ITEMS]
                ),
            )
        if isinstance(node, ast.Lambda):
            return ("lambda", self.lambda_qn(node, fn))
        if isinstance(node, ast.BinOp):
            return (
                "binop",
                type(node.op).__name__,
                self.ref(node.left, fn, d),
                self.ref(node.right, fn, d),
            )
        if isinstance(node, ast.IfExp):
            body, orelse = self.ref(node.body, fn, d), self.ref(node.orelse, fn, d)
            return ("ifexp", body, orelse, self.ref(node.test, fn, d))
        if isinstance(node, ast.BoolOp):
            return ("boolop", tuple(self.ref(v, fn, d) for v in node.values[:8]))
        if isinstance(node, ast.Starred):
            return ("star", self.ref(node.value, fn, d))
        if isinstance(node, ast.NamedExpr):
            return self.ref(node.value, fn, d)
        if isinstance(node, ast.JoinedStr):
            values = [v.value for v in node.values if isinstance(v, ast.FormattedValue)]
            return _fstring_ref(node, tuple([ref(v, fn, d) for v in values[:_MAX_FORMATTED]]))
        return UNKNOWN

    def ann(self, node: ast.expr | None, fn: FuncDef) -> Ref | None:
        """An annotation ref; string annotations ("Session") are parsed."""
        if node is None:
            return None
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            try:
                node = ast.parse(node.value.strip(), mode="eval").body
            except SyntaxError:
                return UNKNOWN
            self._keep.append(node)  # refs are memoised by id(node): keep the node alive
        return self.ref(node, fn)

    def lambda_qn(self, node: ast.Lambda, fn: FuncDef) -> str:
        name = f"<lambda:{node.lineno}:{node.col_offset}>"
        return name if fn.qn == "<module>" else f"{fn.qn}.{name}"

    # ---- statements ---------------------------------------------------------------------

    def body(self, stmts: list[ast.stmt], fn: FuncDef, cls: ClassDef | None, guard: int):
        last = len(stmts) - 1
        nands = len(self.nands)
        for i, stmt in enumerate(stmts):
            self.stmt(stmt, fn, cls, guard)
            if i < last and isinstance(stmt, _EXITS):
                # the rest of the block never runs (code left behind an early `return`);
                # a `yield` in it still makes the function a generator (`return; yield`)
                if _holds_yield(stmts[i + 1 :]):
                    fn.is_generator = True
                break
            # (the last statement guards nothing: an `elif`, which `ast` nests alone in an
            # `orelse`, is never recorded as one)
            node = _tail_if(stmt) if i < last else None
            if node is not None:
                found = cached_return(node, stmts[:i])
                if found is not None:  # what follows runs only on a cache miss
                    returned = self.ref(returned_source(found[1].value), fn)
                    guard = self.add_guard(fn, "cached", found[0], guard, returned)
                else:
                    flag = _done_flag(node)
                    if flag is not None:  # what follows runs while the flag is unset
                        guard = self.add_guard(fn, "done", flag, guard)
                    elif (member := member_exit(node, stmts[i + 1 :])) is not None:
                        # what follows runs while the key is missing
                        key = self.ref(member[1], fn)
                        guard = self.add_guard(fn, "not in", member[0], guard, key)
                if exits_block(node):  # what follows runs where the test was false
                    # (`if os.path.exists(p): return …`; not `… raise`, which makes the file's
                    # presence an error: what follows is the normal path, no miss)
                    if asks_for_a_file(node.test) and not ends_in_raise(node.body):
                        guard = self.add_guard(fn, "not", node.test, guard)
                    guard = self.negation_guard(node.test, fn, guard)
                    self.push_nand(node.test, fn)
            lookup = missed_lookup(stmt) if i < last else None
            if lookup is not None:  # what follows runs only on a cache miss
                guard = self.add_guard(fn, "cached", lookup.value, guard, self.ref(lookup, fn))
        del self.nands[nands:]

    def stmt(self, s: ast.stmt, fn: FuncDef, cls: ClassDef | None, guard: int) -> None:
        t = type(s)
        if t is ast.Expr:
            if type(s.value) not in _LEAVES:
                first = len(fn.calls)
                self.expr(s.value, fn, guard)
                _drop_value(s.value, fn, first)
        elif t is ast.FunctionDef or t is ast.AsyncFunctionDef:
            self.funcdef(s, fn, cls)
        elif t is ast.ClassDef:
            self.classdef(s, fn, cls)
        elif t is ast.Assign:
            value = self.ref(s.value, fn)
            for target in s.targets:
                self.assign(target, value, s.value, fn, cls)
            self.expr(s.value, fn, guard)
        elif t is ast.AnnAssign:
            if isinstance(s.target, ast.Name):
                annotation = self.ann(s.annotation, fn)
                if annotation is not None:
                    if fn.qn == "<module>" and cls is None:
                        self.mod.global_annotations[s.target.id] = annotation
                    elif cls is None:
                        fn.local_annotations[s.target.id] = annotation
                    elif fn.qn == cls.scope:
                        cls.annotations[s.target.id] = annotation
            elif (owner := _own_attribute(s.target, fn)) is not None:
                # `self.agents: dict[str, Agent] = {}` in a method: kept as "self.agents"
                annotation = self.ann(s.annotation, fn)
                if annotation is not None:
                    fn.local_annotations[owner] = annotation
            if s.value is not None:
                self.assign(s.target, self.ref(s.value, fn), s.value, fn, cls)
                self.expr(s.value, fn, guard)
        elif t is ast.AugAssign:
            self.mutate(s.target, fn)
            self.expr(s.value, fn, guard)
        elif t is ast.Delete:
            for target in s.targets:
                self.mutate(target, fn)
                self.expr(target, fn, guard)
        elif t is ast.Return:
            if s.value is not None:
                fn.return_values.append(self.ref(s.value, fn))
                self.expr(s.value, fn, guard)
        elif t is ast.With or t is ast.AsyncWith:
            is_async = isinstance(s, ast.AsyncWith)
            for item in s.items:
                ctx = self.ref(item.context_expr, fn)
                self.expr(item.context_expr, fn, guard, awaited=is_async)
                if not is_async:
                    fn.calls.append(
                        CallSite(
                            line=item.context_expr.lineno,
                            col=item.context_expr.col_offset,
                            func=("attr", ctx, "__enter__"),
                            args=(),
                            kwargs=(),
                            guard=guard,
                            is_with=True,
                        )
                    )
                if isinstance(item.optional_vars, ast.Name):
                    self.bind(item.optional_vars.id, ("enter", ctx), fn, cls)
            self.body(s.body, fn, cls, guard)
        elif t is ast.If:
            changed = _changed(s.test, s.body)
            keyed = changed[2] if changed is not None else None
            tested = self.if_test(s.test, fn, guard, keyed)
            inner = tested
            # `if X != key:` whose body sets X: X holds another key (in an `or`, only beside
            # tests of held values: `if _v is None or sig != _v_sig:`)
            if changed is not None and (keyed is s.test or tested != guard):
                inner = self.add_guard(fn, "not in", changed[0], inner, self.ref(changed[1], fn))
            if not _never(s.test):
                self.body(s.body, fn, cls, inner)
            elif _holds_yield(s.body):  # `if False: yield`: a generator that yields nothing
                fn.is_generator = True
            if s.orelse:
                otherwise = self.else_guard(s.test, fn, guard, s.orelse)
                subject = _cached_subject(s)
                if subject is not None:  # `if hit: return hit` / `else:` runs on a miss
                    returned = self.ref(returned_source(final_return(s.body).value), fn)
                    otherwise = self.add_guard(fn, "cached", subject, otherwise, returned)
                self.body(s.orelse, fn, cls, otherwise)
        elif t is ast.For or t is ast.AsyncFor:
            fn.iterated.append(self.ref(s.iter, fn))
            self.expr(s.iter, fn, guard)
            if isinstance(s.target, ast.Name):
                # (`for path in ("/v1/a", "/v1/b"):` holds each in turn)
                for value in _literal_texts(s.iter, self, fn) or (UNKNOWN,):
                    self.bind(s.target.id, value, fn, cls)
            inner = self.loop_guard(s.iter, fn, guard) if t is ast.For else guard
            self.body(s.body, fn, cls, inner)
            self.body(s.orelse, fn, cls, guard)
        elif t is ast.While:
            self.expr(s.test, fn, guard)
            drained = _drained_queue(s.test)
            inner = guard if drained is None else self.add_guard(fn, "not", drained, guard)
            self.body(s.body, fn, cls, inner)
            self.body(s.orelse, fn, cls, guard)
        elif t is ast.Try or t.__name__ == "TryStar":
            self.body(s.body, fn, cls, guard)
            for handler in s.handlers:
                if handler.type is not None:
                    self.expr(handler.type, fn, guard)
                # what a handler runs happens only when the `try` failed
                failed = self.add_guard(fn, "except", handler.type, guard)
                self.body(handler.body, fn, cls, failed)
            self.body(s.orelse, fn, cls, guard)
            self.body(s.finalbody, fn, cls, guard)
        elif t is ast.Match:
            self.expr(s.subject, fn, guard)
            for case in s.cases:
                self.body(case.body, fn, cls, guard)
        elif t is ast.Import:
            for alias in s.names:
                if alias.asname:
                    self.importref(alias.asname, ImportRef(0, alias.name, None), fn, cls, guard)
                else:
                    top = alias.name.split(".")[0]
                    self.importref(top, ImportRef(0, top, None), fn, cls, guard)
        elif t is ast.ImportFrom:
            module = s.module or ""
            for alias in s.names:
                imp = ImportRef(s.level, module, alias.name)
                if alias.name == "*":
                    if fn.qn == "<module>":
                        self.mod.star_imports.append(imp)
                    continue
                self.importref(alias.asname or alias.name, imp, fn, cls, guard)
        elif t is ast.Global or t is ast.Nonlocal:
            if isinstance(s, ast.Global):
                fn.globals_declared = fn.globals_declared | frozenset(s.names)
            else:
                self._nonlocals.setdefault(id(fn), set()).update(s.names)
        else:
            for child in ast.iter_child_nodes(s):
                if isinstance(child, ast.expr):
                    self.expr(child, fn, guard)
                elif isinstance(child, ast.stmt):
                    self.stmt(child, fn, cls, guard)

    def importref(
        self, name: str, imp: ImportRef, fn: FuncDef, cls: ClassDef | None, guard: int
    ) -> None:
        if fn.qn == "<module>" and cls is None:
            if name in self.mod.imports and guard in handler_guards(fn.guards):
                self.mod.fallback_imports[name] = imp
            else:
                self.mod.imports[name] = imp
        else:
            self.bind(name, ("imp", imp.level, imp.module, imp.name), fn, cls)

    def bind(self, name: str, value: Ref, fn: FuncDef, cls: ClassDef | None) -> None:
        if cls is not None and fn.qn == cls.scope:
            cls.attrs.setdefault(name, []).append(value)
        elif fn.qn == "<module>" or name in fn.globals_declared:
            self.mod.global_values.setdefault(name, []).append((fn.qn, value))
        else:
            outer = None
            if fn.parent is not None and name in self._nonlocals.get(id(fn), ()):
                outer = self.mod.funcs.get(fn.parent)  # (`nonlocal x`: the enclosing one's)
            (outer or fn).locals.setdefault(name, []).append(value)

    def assign(self, target, value: Ref, node, fn: FuncDef, cls: ClassDef | None) -> None:
        if isinstance(target, ast.Name):
            self.hold_test(target.id, node, fn)
            self.bind(target.id, value, fn, cls)
        elif isinstance(target, ast.Attribute):
            fn.attr_stores.append((self.ref(target.value, fn), target.attr, value))
        elif isinstance(target, ast.Subscript):
            self.mutate(target, fn, value)
        elif isinstance(target, ast.Tuple | ast.List):
            values = node.elts if isinstance(node, ast.Tuple | ast.List) else None
            for i, element in enumerate(target.elts):
                if values is not None and i < len(values) and len(values) == len(target.elts):
                    self.assign(element, self.ref(values[i], fn), values[i], fn, cls)
                else:
                    self.assign(element, UNKNOWN, None, fn, cls)

    def mutate(self, target: ast.expr, fn: FuncDef, value: Ref = UNKNOWN) -> None:
        if isinstance(target, ast.Subscript):
            base = self.ref(target.value, fn)
            fn.mutated.append(base)
            fn.item_stores.append((base, self.ref(target.slice, fn), value))
        else:
            fn.mutated.append(self.ref(target, fn))

    def funcdef(self, s, parent: FuncDef, cls: ClassDef | None) -> None:
        base = _qualname(s.name, parent, cls)
        # a redefinition (`def f` twice, or in both branches of an `if`/`try`) is kept as
        # `f#<line>`: every body is analysed; the first keeps the plain name
        qn = f"{base}#{s.lineno}" if base in self.mod.funcs else base
        fn = FuncDef(
            qn=qn,
            name=s.name,
            line=s.lineno,
            col=s.col_offset,
            is_async=isinstance(s, ast.AsyncFunctionDef),
            class_qn=cls.qn if cls is not None and parent.qn == cls.scope else None,
            parent=None if parent.qn == "<module>" else parent.qn,
        )
        fn.decorators = tuple(
            (self.ref(d, parent), d.lineno, d.col_offset) for d in s.decorator_list
        )
        fn.params = self.params(s.args, parent)
        fn.returns = self.ann(s.returns, parent)
        self.mod.funcs[qn] = fn
        if fn.class_qn is not None:
            cls.methods.setdefault(s.name, base)
        elif parent.qn != "<module>":
            parent.local_defs[s.name] = base
        # defaults and decorators run in the enclosing scope
        for d in s.decorator_list:
            self.expr(d, parent, -1)
        for lam in _default_lambdas(s.args):  # `provider=Depends(lambda: app.state.provider)`
            self.lambdadef(lam, parent)
        self.body(s.body, fn, None, -1)
        if not fn.is_async:
            fn.load_steps = load_steps(s.body)
        yields = self._yields.pop(id(fn), None)
        if yields:
            fn.after_yield = after_yield(s.body, yields)

    def params(self, args: ast.arguments, fn: FuncDef) -> tuple[Param, ...]:
        out: list[Param] = []
        positional = [*args.posonlyargs, *args.args]
        defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
        for arg, default in zip(positional, defaults, strict=False):
            out.append(
                Param(
                    arg.arg,
                    self.ann(arg.annotation, fn),
                    None if default is None else self.ref(default, fn),
                    "pos",
                )
            )
        if args.vararg:
            out.append(Param(args.vararg.arg, None, None, "vararg"))
        for arg, default in zip(args.kwonlyargs, args.kw_defaults, strict=False):
            out.append(
                Param(
                    arg.arg,
                    self.ann(arg.annotation, fn),
                    None if default is None else self.ref(default, fn),
                    "kwonly",
                )
            )
        if args.kwarg:
            out.append(Param(args.kwarg.arg, None, None, "kwarg"))
        return tuple(out)

    def classdef(self, s: ast.ClassDef, parent: FuncDef, outer: ClassDef | None) -> None:
        qn = _qualname(s.name, parent, outer)
        cls = ClassDef(
            qn=qn,
            name=s.name,
            line=s.lineno,
            col=s.col_offset,
            bases=tuple(self.ref(b, parent) for b in s.bases),
            decorators=tuple(
                (self.ref(d, parent), d.lineno, d.col_offset) for d in s.decorator_list
            ),
            scope=parent.qn,
            metaclass=next(
                (self.ref(k.value, parent) for k in s.keywords if k.arg == "metaclass"), None
            ),
        )
        self.mod.classes[qn] = cls
        if parent.qn != "<module>" and (outer is None or parent.qn != outer.scope):
            parent.local_defs[s.name] = qn
        self.body(s.body, parent, cls, -1)

    # ---- expressions --------------------------------------------------------------------

    def expr(self, node: ast.expr, fn: FuncDef, guard: int, awaited: bool = False) -> None:
        """Record the calls an expression makes; those in an operand of a value's `and`/`or`
        run under the parameter tests before it (`walk_operands`), those in a conditional
        expression's branches under its test (`q.get() if not q.empty() else None`) or its
        negation."""
        t = type(node)
        if t is ast.BoolOp:
            self.walk_operands(node, fn, guard)
        elif t is ast.IfExp:
            inner = self.if_test(node.test, fn, guard)  # type: ignore[attr-defined]
            self.expr(node.body, fn, inner)  # type: ignore[attr-defined]
            otherwise = self.negation_guard(node.test, fn, guard)  # type: ignore[attr-defined]
            self.expr(node.orelse, fn, otherwise)  # type: ignore[attr-defined]
        else:
            self.walk(node, fn, guard, awaited)

    def walk(self, node: ast.expr, fn: FuncDef, guard: int, awaited: bool = False) -> None:
        if type(node) in _LEAVES:
            return
        stack: list[tuple[ast.AST, int, bool]] = [(node, -1, awaited)]
        leaves = _LEAVES
        ref = self.ref
        push = stack.append
        while stack:
            n, arg_of, is_awaited = stack.pop()
            t = type(n)
            if t is ast.Call:
                index = len(fn.calls)
                fn.calls.append(
                    CallSite(
                        n.lineno,
                        n.col_offset,
                        ref(n.func, fn),
                        tuple([ref(a, fn) for a in n.args]),
                        _keywords(n, ref, fn),
                        is_awaited,
                        guard,
                        arg_of,
                    )
                )
                if type(n.func) not in leaves:
                    push((n.func, -1, False))
                for a in n.args:
                    if type(a) not in leaves:
                        push((a, index, False))
                for k in n.keywords:
                    if type(k.value) not in leaves:
                        push((k.value, index, False))
            elif t is ast.Attribute:
                if type(n.value) not in leaves:
                    push((n.value, -1, False))
            elif t is ast.Await:
                push((n.value, arg_of, True))
            elif t is ast.Yield or t is ast.YieldFrom:
                fn.is_generator = True
                self._yields.setdefault(id(fn), []).append((n.lineno, n.col_offset))
                if n.value is not None:
                    value = ref(n.value, fn)
                    fn.yield_values.append(("iter", value) if t is ast.YieldFrom else value)
                    push((n.value, -1, False))
            elif t is ast.Lambda:
                self.lambdadef(n, fn)
            elif t is ast.comprehension:
                fn.iterated.append(ref(n.iter, fn))
                for child in (n.target, n.iter, *n.ifs):
                    if type(child) not in leaves:
                        push((child, -1, False))
            elif t is ast.NamedExpr:
                if type(n.target) is ast.Name:
                    self.bind(n.target.id, ref(n.value, fn), fn, None)
                push((n.value, arg_of, False))
            elif t is ast.IfExp:
                # (a conditional expression inside another, `files=[…] if files else []`:
                # its branches run under its test, as a whole statement's do)
                self.expr(n, fn, guard)  # type: ignore[arg-type]
            else:
                inherit = arg_of if t is ast.Starred else -1
                names = _CHILD_FIELDS.get(t)
                if names is None:
                    names = _CHILD_FIELDS[t] = tuple(f for f in t._fields if f not in _NOT_NODES)
                for name in names:
                    value = getattr(n, name, None)
                    if type(value) is list:
                        for child in value:
                            if type(child) not in leaves and isinstance(child, ast.AST):
                                push((child, inherit, False))
                    elif (
                        value is not None
                        and type(value) not in leaves
                        and isinstance(value, ast.AST)
                    ):
                        push((value, inherit, False))

    def lambdadef(self, n: ast.Lambda, parent: FuncDef) -> None:
        qn = self.lambda_qn(n, parent)
        fn = FuncDef(
            qn=qn,
            name="<lambda>",
            line=n.lineno,
            col=n.col_offset,
            is_lambda=True,
            parent=None if parent.qn == "<module>" else parent.qn,
        )
        fn.params = self.params(n.args, parent)
        fn.return_values.append(self.ref(n.body, fn))
        self.mod.funcs[qn] = fn
        self.expr(n.body, fn, -1)


# ---- what runs after a `yield` ----------------------------------------------------------

_Pos = tuple[int, int]


def _literal_texts(node: ast.expr, summariser, fn: FuncDef) -> list[Ref]:
    """The refs of a tuple's or list's items when each is a string literal (`("/a", "/b")`),
    which a `for` loop's name holds in turn; [] otherwise (`literal_texts` in summarize.rs)."""
    items = node.elts if isinstance(node, ast.Tuple | ast.List) else []
    if not items or not all(isinstance(i, ast.Constant) and type(i.value) is str for i in items):
        return []
    return [summariser.ref(item, fn) for item in items]


_LOOPS = (ast.For, ast.AsyncFor, ast.While)


def load_steps(body: list[ast.stmt]) -> tuple[tuple, ...]:
    """The statements of `body` that import, or call a function by its name (`register(app)`,
    `app = create_app()`), as FuncDef.load_steps records them."""
    steps: list[tuple] = []
    for stmt in body:
        if isinstance(stmt, ast.Import):
            steps += [("import", alias.name) for alias in stmt.names]
        elif isinstance(stmt, ast.ImportFrom):
            names = tuple(alias.name for alias in stmt.names)
            steps.append(("from", stmt.level, stmt.module or "", names))
        elif (called := called_name(stmt)) is not None:
            steps.append(("call", called))
    return tuple(steps)


def called_name(stmt: ast.stmt) -> str | None:
    """`name` of a statement that is a plain call of it (`register_router(app)`, `app =
    register_app()`)."""
    value = stmt.value if isinstance(stmt, ast.Expr | ast.Assign | ast.AnnAssign) else None
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
        return value.func.id
    return None


def _own_attribute(target: ast.expr, fn: FuncDef) -> str | None:
    """The key "self.x" for a target `self.x` in a method (its first parameter's
    attribute), else None."""
    if fn.class_qn is None or not fn.params or type(target) is not ast.Attribute:
        return None
    base = target.value  # type: ignore[attr-defined]
    if type(base) is not ast.Name or base.id != fn.params[0].name:
        return None
    return f"{base.id}.{target.attr}"  # type: ignore[attr-defined]


def _tail_if(stmt: ast.stmt) -> ast.If | None:
    """The `if` a statement ends with, for what follows it: the statement itself, or the
    last of a `with` block's (`with self._lock: if key in self._keys: return …` — leaving
    the block changes nothing, so what follows runs where the test was false)."""
    while type(stmt) in (ast.With, ast.AsyncWith) and stmt.body:  # type: ignore[attr-defined]
        stmt = stmt.body[-1]  # type: ignore[attr-defined]
    return stmt if type(stmt) is ast.If else None


def _drained_queue(test: ast.expr) -> ast.expr | None:
    """`q.empty()` of `while not q.empty():`, whose body runs while an item is there (the
    only loop test recorded as a guard: a `get` in it returns at once)."""
    if type(test) is ast.UnaryOp and type(test.op) is ast.Not:
        call = test.operand
        if (
            type(call) is ast.Call
            and type(call.func) is ast.Attribute
            and call.func.attr == "empty"
            and not call.args
            and not call.keywords
        ):
            return call
    return None


_TRIES: tuple[type, ...] = (ast.Try, *([ast.TryStar] if hasattr(ast, "TryStar") else []))


def after_yield(body: list[ast.stmt], yields: list[_Pos]) -> tuple[tuple[int, int], ...]:
    """`FuncDef.after_yield`: the line ranges of what runs after one of the `yield`s (at
    `yields`) of the function whose body is `body`, on that `yield`'s path. From the statement
    holding the `yield`: the rest of its suite, then the rest of the suite holding that
    suite's statement (`if`, `with`, `for`, `try`, …), and so on up to the body — not the
    other branches of an `if`/`match`; a loop's body and what follows the loop (its `else`
    too); a `try` body's handlers when the `yield` opens that body (only an error at the
    `yield` or after it reaches them: a dependency's `except: session.rollback()` runs in its
    exit) and its `else`; an enclosing `try`'s
    `finally`, always. A suite that
    ends with `return`/`raise` ends the climb (then only enclosing `finally` blocks run). A
    `yield` in a compound statement's header (`if (yield):`) has all its suites after it."""
    ranges: list[tuple[int, int]] = []
    for pos in yields:
        _after_one(body, pos, ranges)
    ranges.sort()
    merged: list[tuple[int, int]] = []
    for first, last in ranges:
        if merged and first <= merged[-1][1] + 1:
            if last > merged[-1][1]:
                merged[-1] = (merged[-1][0], last)
        else:
            merged.append((first, last))
    return tuple(merged)


def _drop_value(value: ast.expr, fn: FuncDef, first: int) -> None:
    """`f(x)` or `[f(x) for x in xs]` as a statement: the call whose value it drops, among
    the calls from `first` on (the outermost one at the call's position)."""
    if type(value) in (ast.ListComp, ast.SetComp):
        value = value.elt  # type: ignore[attr-defined]
    if type(value) is not ast.Call:
        return
    at = (value.lineno, value.col_offset)
    calls = fn.calls
    for index in range(first, len(calls)):
        if (calls[index].line, calls[index].col) == at:
            fn.dropped.append(index)
            return


def _never(test: ast.expr) -> bool:
    """`if False:` / `if 0:` / `if None:`: a block switched off by hand (also `if False and
    …:`, one way to switch off a condition and keep it)."""
    if type(test) is ast.BoolOp and type(test.op) is ast.And:
        return any(_never(value) for value in test.values)
    return (
        type(test) is ast.Constant
        and type(test.value) in (bool, int, type(None))
        and not test.value
    )


def _holds_yield(stmts: list[ast.stmt]) -> bool:
    """Whether these statements hold a `yield` of their own scope (not of a nested `def`,
    `class` or `lambda`)."""
    todo: list[ast.AST] = list(stmts)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            return True
        if not isinstance(node, _SCOPES):
            todo.extend(ast.iter_child_nodes(node))
    return False


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def _default_lambdas(args: ast.arguments) -> list[ast.Lambda]:
    """The lambdas a function's parameter defaults hold (not those inside them), in source
    order: functions of the enclosing scope, made when the `def` runs."""
    found: list[ast.Lambda] = []
    stack: list[ast.AST] = [d for d in (*args.defaults, *args.kw_defaults) if d is not None]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Lambda):
            found.append(node)
        else:
            stack.extend(ast.iter_child_nodes(node))
    return sorted(found, key=lambda n: (n.lineno, n.col_offset))


def _start(s: ast.stmt) -> _Pos:
    """Where a statement starts: a decorated `def`/`class` at its first decorator."""
    decorators = getattr(s, "decorator_list", None)
    if decorators:
        return (decorators[0].lineno, decorators[0].col_offset)
    return (s.lineno, s.col_offset)


def _end(s: ast.stmt) -> _Pos:
    return (s.end_lineno or s.lineno, s.end_col_offset or 0)


def _suite_lines(suite: list[ast.stmt]) -> tuple[int, int]:
    return (_start(suite[0])[0], _end(suite[-1])[0])


def _suites(s: ast.stmt) -> list[tuple[str, list[ast.stmt]]]:
    """The suites a compound statement holds, in source order, each with its role."""
    t = type(s)
    if t is ast.If:
        return [("body", s.body), ("else", s.orelse)]
    if t is ast.With or t is ast.AsyncWith:
        return [("body", s.body)]
    if t in _LOOPS:
        return [("body", s.body), ("else", s.orelse)]
    if t in _TRIES:
        handlers = [("handler", h.body) for h in s.handlers]
        return [("body", s.body), *handlers, ("else", s.orelse), ("finally", s.finalbody)]
    if t is ast.Match:
        return [("case", case.body) for case in s.cases]
    return []  # a simple statement, or a `def`/`class` (its body is another scope)


def _after_one(body: list[ast.stmt], pos: _Pos, out: list[tuple[int, int]]) -> None:
    path: list[tuple[list[ast.stmt], int, str]] = []  # (suite, index in it, its role)
    suite, role = body, ""
    while True:
        index = next((i for i, s in enumerate(suite) if _start(s) <= pos <= _end(s)), -1)
        if index < 0:
            break
        path.append((suite, index, role))
        s = suite[index]
        suites = [(r, sub) for r, sub in _suites(s) if sub]
        inner = next(
            ((r, sub) for r, sub in suites if _start(sub[0]) <= pos <= _end(sub[-1])), None
        )
        if inner is None:
            if suites:  # in the header (`if (yield):`): all the statement holds runs after it
                out.append((_start(suites[0][1][0])[0], _end(s)[0]))
            break
        role, suite = inner
    stopped = False  # a `return`/`raise` ended the path: only `finally` blocks still run
    for k in range(len(path) - 1, -1, -1):
        suite, index, role = path[k]
        if not stopped:
            if index + 1 < len(suite):
                out.append(_suite_lines(suite[index + 1 :]))
            stopped = type(suite[-1]) is ast.Return or type(suite[-1]) is ast.Raise
        if k == 0:
            break
        owner_suite, owner_index, _ = path[k - 1]
        owner = owner_suite[owner_index]
        if isinstance(owner, _TRIES):
            if role == "body" and _opens(suite, index):
                out.extend(_suite_lines(h.body) for h in owner.handlers)
            if role == "body" and not stopped and owner.orelse:
                out.append(_suite_lines(owner.orelse))
            if role != "finally" and owner.finalbody:
                out.append(_suite_lines(owner.finalbody))
        elif isinstance(owner, _LOOPS) and role == "body" and not stopped and owner.orelse:
            out.append(_suite_lines(owner.orelse))


def _opens(suite: list[ast.stmt], index: int) -> bool:
    """Whether only an error at the `yield` (statement `index` of a `try` body) or after it
    reaches the `try`'s handlers: the `yield` opens the body, or follows only the assignment
    of the name it yields (`db = SessionLocal()`, `yield db`: an error building it leaves the
    name unbound, so a handler's `db.rollback()` fails at once)."""
    if index == 0:
        return True
    if index != 1:
        return False
    first, statement = suite[0], suite[1]
    if type(first) is ast.Assign and len(first.targets) == 1:
        target: ast.expr | None = first.targets[0]
    elif type(first) is ast.AnnAssign and first.value is not None:
        target = first.target
    else:
        target = None
    value = statement.value if type(statement) is ast.Expr else None
    yielded = value.value if type(value) is ast.Yield else None
    return type(target) is ast.Name and type(yielded) is ast.Name and yielded.id == target.id


def _qualname(name: str, parent: FuncDef, cls: ClassDef | None) -> str:
    """`Cls.name` directly in a class body, `name` at module level, else `outer.name`."""
    if cls is not None and parent.qn == cls.scope:
        return f"{cls.qn}.{name}"
    if parent.qn == "<module>":
        return name
    return f"{parent.qn}.{name}"
