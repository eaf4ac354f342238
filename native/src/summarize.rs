//! Statements, scopes and bindings (`_Summarizer` in summarize.py, which is the reference:
//! every branch here mirrors one there, in the same order).

use ruff_python_ast::token::{TokenKind, Tokens};
use ruff_python_ast::visitor::{self, Visitor};
use ruff_python_ast::{
    BoolOp, Decorator, ElifElseClause, ExceptHandler, Expr, ExprLambda, ModExpression, Number,
    Parameters, Stmt, StmtClassDef, StmtFunctionDef, StmtIf, UnaryOp,
};
use ruff_python_parser::Parsed;
use ruff_text_size::{Ranged, TextSize};

use crate::guards::{
    Fact, asks_for_a_file, cached_return, cached_subject, changed, done_flag, ends_in_raise, exits,
    exits_block, final_return, flag_test, guard_subjects, holds_yield, local_test, member_exit,
    missed, missed_lookup, negated, ordering_name, param_test, returned_source, unset_name,
    value_test,
};
use crate::intern::{Conser, FxMap, Interner, fx_map};
use crate::marshal::{V, int, is_none_constant, opt_str, s, same_val, tag, tuple};
use crate::model::{CallSite, ClassDef, FuncDef, ImportRef, Module, Param};
use crate::source::Lines;

const MODULE: &str = "<module>";

/// `if False:` / `if 0:` / `if None:` (also `if False and …:`): `_never` in summarize.py.
fn never(test: &Expr) -> bool {
    match test {
        Expr::BoolOp(b) if b.op == BoolOp::And => b.values.iter().any(never),
        Expr::BooleanLiteral(b) => !b.value,
        Expr::NoneLiteral(_) => true,
        Expr::NumberLiteral(n) => matches!(&n.value, Number::Int(i) if i.as_u8() == Some(0)),
        _ => false,
    }
}

/// `_implies` in summarize_guards.py: a parameter test that holds makes `operand` hold.
fn implies(kind: &str, name: &str, returned: Option<&V>, operand: &Operand) -> bool {
    let (o_kind, o_name, o_returned, _) = operand;
    if name != o_name {
        return false;
    }
    let same_constant = match (returned, o_returned) {
        (None, None) => true,
        (Some(a), Some(b)) => same_val(a, b),
        _ => false,
    };
    (kind == *o_kind && same_constant)
        || (kind == "param is"
            && returned.is_some_and(is_none_constant)
            && *o_kind == "param false"
            && o_returned.is_none())
}

pub struct Summarizer<'a> {
    pub m: Module,
    /// Node address → its ref: summarize.py memoises by `id(node)`.
    pub refs: FxMap<usize, V>,
    /// Identifier → its one ("name", id) ref.
    pub names: FxMap<String, V>,
    pub strings: Interner,
    pub conser: Conser,
    pub keep: Vec<Parsed<ModExpression>>,
    pub unknown: V,
    /// True while converting a parsed string annotation (positions there are the string's).
    pub annotating: bool,
    lines: &'a Lines,
    tokens: &'a Tokens,
    /// The file has `\ud800`-like escapes: a U+FFFD in a string may stand for one.
    pub surrogate_escapes: bool,
    /// Set when this file must go back to Python (the reason, for debugging).
    pub declined: Option<&'static str>,
    /// `not (a and b)` facts of the blocks being walked: `nands` in summarize_guards.py.
    nands: Vec<(usize, Operand, Operand)>,
    /// (function, local) → the "X is unset" tests bound to it once: `tests_held` in
    /// summarize_guards.py (None once it is bound again).
    tests_held: FxMap<usize, FxMap<String, Option<Vec<HeldTest>>>>,
    /// Function → the names it declares `nonlocal`: bound in its enclosing function's
    /// locals (`_nonlocals` in summarize.py).
    nonlocals: FxMap<usize, Vec<String>>,
}

/// An "X is unset" test a local holds: (kind, X's ref, the key's ref).
type HeldTest = (&'static str, V, Option<V>);

/// A parameter test as `push_nand` keeps it: (kind, name, constant's ref, name's ref).
type Operand = (&'static str, String, Option<V>, V);

impl<'a> Summarizer<'a> {
    pub fn new(is_package: bool, lines: &'a Lines, tokens: &'a Tokens) -> Summarizer<'a> {
        let mut m = Module {
            is_package,
            ..Module::default()
        };
        m.func_arena.push(FuncDef {
            qn: MODULE.into(),
            name: MODULE.into(),
            line: 1,
            col: 0,
            ..FuncDef::default()
        });
        m.funcs.insert(MODULE.into(), 0);
        // Tables sized for a typical module of this many tokens (litellm's medians: a ref per
        // 12 tokens, a name per 25, a string per 11, a consed tuple per 8), so they are not
        // rehashed over and over as they grow.
        let n = tokens.len();
        Summarizer {
            m,
            refs: fx_map(n / 10),
            names: fx_map(n / 20),
            strings: Interner::with_capacity(n / 8),
            conser: Conser::with_capacity(n / 7),
            keep: Vec::new(),
            unknown: tuple(vec![tag("?")]),
            annotating: false,
            lines,
            tokens,
            surrogate_escapes: false,
            declined: None,
            nands: Vec::new(),
            tests_held: fx_map(0),
            nonlocals: fx_map(0),
        }
    }

    pub fn run(&mut self, body: &[Stmt]) {
        self.body(body, 0, None, -1);
        self.m.func_arena[0].load_steps = load_steps(body);
    }

    pub fn decline(&mut self, why: &'static str) {
        self.declined.get_or_insert(why);
    }

    pub fn pos(&self, offset: TextSize) -> (i64, i64) {
        self.lines.position(offset.to_u32())
    }

    fn qn(&self, f: usize) -> &str {
        &self.m.func_arena[f].qn
    }

    /// CPython's position of a `def`/`class`: its keyword (or `async`), not the first decorator.
    fn def_pos(&mut self, start: TextSize, decorators: &[Decorator]) -> (i64, i64) {
        let Some(last) = decorators.last() else {
            return self.pos(start);
        };
        let end = last.end();
        let from = self.tokens.partition_point(|t| t.start() < end);
        let keyword = self.tokens[from..].iter().find(|t| {
            matches!(
                t.kind(),
                TokenKind::Def | TokenKind::Async | TokenKind::Class
            )
        });
        match keyword {
            Some(t) => self.pos(t.start()),
            None => {
                self.decline("no def keyword after decorators");
                (0, 0)
            }
        }
    }

    pub fn lambda_qn(&mut self, node: &ExprLambda, f: usize) -> String {
        if self.annotating {
            self.decline("lambda in a string annotation"); // its position would be the string's
        }
        let (line, col) = self.pos(node.start());
        let name = format!("<lambda:{line}:{col}>");
        if self.qn(f) == MODULE {
            name
        } else {
            format!("{}.{name}", self.qn(f))
        }
    }

    // ---- statements ------------------------------------------------------------------------

    fn body(&mut self, stmts: &[Stmt], f: usize, cls: Option<usize>, mut guard: i64) {
        let last = stmts.len().saturating_sub(1);
        let nands = self.nands.len();
        for (i, stmt) in stmts.iter().enumerate() {
            self.stmt(stmt, f, cls, guard);
            if i < last && exits(stmt) {
                // the rest of the block never runs; a `yield` in it still makes a generator
                if holds_yield(&stmts[i + 1..]) {
                    self.m.func_arena[f].is_generator = true;
                }
                break;
            }
            if i < last
                && let Some(node) = tail_if(stmt)
            {
                if let Some((subject, ret)) = cached_return(node, &stmts[..i])
                    && let Some(value) = &ret.value
                {
                    // the rest runs on a cache miss
                    let returned = self.ref_(returned_source(value), f, 0);
                    guard = self.add_guard(f, "cached", subject, guard, Some(returned));
                } else if let Some(flag) =
                    done_flag(&node.test, &node.body, !node.elif_else_clauses.is_empty())
                {
                    // the rest runs while the flag is unset
                    guard = self.add_guard(f, "done", flag, guard, None);
                } else if let Some((container, key)) = member_exit(
                    &node.test,
                    &node.body,
                    !node.elif_else_clauses.is_empty(),
                    &stmts[i + 1..],
                ) {
                    // the rest runs while the key is missing
                    let key = self.ref_(key, f, 0);
                    guard = self.add_guard(f, "not in", container, guard, Some(key));
                }
                if exits_block(&node.body, !node.elif_else_clauses.is_empty()) {
                    // the rest runs where the test was false (no file-test guard after a
                    // `raise`: the file's presence is then an error, not a hit)
                    if asks_for_a_file(&node.test) && !ends_in_raise(&node.body) {
                        guard = self.add_guard(f, "not", &node.test, guard, None);
                    }
                    guard = self.negation_guard(&node.test, f, guard);
                    self.push_nand(&node.test, f);
                }
            }
            if i < last
                && let Some((lookup, container)) = missed_lookup(stmt)
            {
                // the rest runs only on a cache miss
                let returned = self.ref_(lookup, f, 0);
                guard = self.add_guard(f, "cached", container, guard, Some(returned));
            }
        }
        self.nands.truncate(nands);
    }

    /// `loop_guard` in summarize_guards.py: a loop over a parameter (or its `.items()`,
    /// `.keys()`, `.values()`) runs its body only when the parameter holds something.
    fn loop_guard(&mut self, iterated: &Expr, f: usize, guard: i64) -> i64 {
        let mut node = iterated;
        if let Expr::Call(c) = iterated
            && let Expr::Attribute(a) = &*c.func
            && matches!(a.attr.as_str(), "items" | "keys" | "values")
            && c.arguments.args.is_empty()
            && c.arguments.keywords.is_empty()
        {
            node = &a.value;
        }
        if !matches!(node, Expr::Name(_)) {
            return guard;
        }
        let fact = {
            let func = &self.m.func_arena[f];
            param_test(node, &func.params, &func.locals)
        };
        match fact {
            Some((kind, name, constant)) => self.add_param_guard(f, kind, &name, constant, guard),
            None => guard,
        }
    }

    /// `push_nand` in summarize_guards.py: after `if a and b: return`, both parameter tests.
    fn push_nand(&mut self, test: &Expr, f: usize) {
        let Expr::BoolOp(b) = test else { return };
        if b.op != BoolOp::And || b.values.len() != 2 {
            return;
        }
        let facts: Vec<_> = {
            let func = &self.m.func_arena[f];
            let own = func.own.as_deref();
            b.values
                .iter()
                .filter_map(|node| value_test(node, &func.params, &func.locals, own))
                .collect()
        };
        if facts.len() != 2 {
            return;
        }
        let mut operands = Vec::with_capacity(2);
        for (kind, id, constant) in facts {
            let returned = constant.map(|c| self.ref_(c, f, 0));
            let subject = self.name_ref(&id);
            operands.push((kind, id, returned, subject));
        }
        let second = operands.pop().unwrap();
        let first = operands.pop().unwrap();
        self.nands.push((f, first, second));
    }

    fn add_guard(
        &mut self,
        f: usize,
        kind: &'static str,
        subject: &Expr,
        outer: i64,
        returned: Option<V>,
    ) -> i64 {
        let r = self.ref_(subject, f, 0);
        let guards = &mut self.m.func_arena[f].guards;
        guards.push((kind, r, outer, returned));
        guards.len() as i64 - 1
    }

    /// A guard's key as a ref: an ordering comparison (a stamp, `now > X`) as `("binop",
    /// "Gt", left, right)`, anything else as itself (`compare_ref` in summarize_guards.py).
    fn key_ref(&mut self, key: &Expr, f: usize) -> V {
        if let Expr::Compare(c) = key {
            let left = self.ref_(&c.left, f, 0);
            let right = self.ref_(&c.comparators[0], f, 0);
            return tuple(vec![
                tag("binop"),
                tag(ordering_name(c.ops[0])),
                left,
                right,
            ]);
        }
        self.ref_(key, f, 0)
    }

    fn if_guard(&mut self, test: &Expr, f: usize, mut outer: i64, keyed: Option<&Expr>) -> i64 {
        if let Expr::Name(n) = test {
            // `if reload:` with `reload = _config is None or …`
            let held = self.tests_held.get(&f).and_then(|m| m.get(n.id.as_str()));
            for (kind, r, returned) in held.cloned().flatten().unwrap_or_default() {
                let guards = &mut self.m.func_arena[f].guards;
                guards.push((kind, r, outer, returned));
                outer = guards.len() as i64 - 1;
            }
            return outer;
        }
        let subjects = {
            let func = &self.m.func_arena[f];
            guard_subjects(test, &func.params, &func.locals, keyed)
        };
        for (kind, subject, key) in subjects {
            let returned = key.map(|k| self.key_ref(k, f));
            outer = self.add_guard(f, kind, subject, outer, returned);
        }
        outer
    }

    /// Walk an `if` test and record the tests its body runs under: `if_test` in
    /// summarize.py (the body of `a and b` runs when each holds; of `a or b`: unknown).
    /// `keyed`: the operand `changed` reads as a one-entry cache's key test.
    pub fn if_test(&mut self, test: &Expr, f: usize, guard: i64, keyed: Option<&Expr>) -> i64 {
        let facts = self.walk_operands(test, f, guard);
        let is_or = matches!(test, Expr::BoolOp(b) if b.op == BoolOp::Or);
        let mut inner = self.if_guard(test, f, guard, keyed);
        if !is_or {
            let single = std::slice::from_ref(test);
            let operands: &[Expr] = match test {
                Expr::BoolOp(b) => &b.values,
                _ => single,
            };
            for (node, fact) in operands.iter().zip(facts) {
                let params = &self.m.func_arena[f].params;
                let fact = fact
                    .or_else(|| local_test(node, params))
                    .or_else(|| flag_test(node, params));
                if let Some((kind, name, constant)) = fact {
                    inner = self.add_param_guard(f, kind, &name, constant, inner);
                }
            }
        }
        inner
    }

    /// Walk a test or a value and give its operands' parameter tests: `walk_operands` in
    /// summarize.py (operands of `and`/`or` after a parameter test run under it).
    pub fn walk_operands<'e>(
        &mut self,
        test: &'e Expr,
        f: usize,
        guard: i64,
    ) -> Vec<Option<Fact<'e>>> {
        let single = std::slice::from_ref(test);
        let (operands, is_or): (&[Expr], bool) = match test {
            Expr::BoolOp(b) => (&b.values, b.op == BoolOp::Or),
            _ => (single, false),
        };
        let facts: Vec<_> = {
            let func = &self.m.func_arena[f];
            let own = func.own.as_deref();
            operands
                .iter()
                .map(|node| value_test(node, &func.params, &func.locals, own))
                .collect()
        };
        let last = operands.len() - 1;
        if matches!(test, Expr::BoolOp(_)) && facts[..last].iter().any(Option::is_some) {
            let mut under = Vec::with_capacity(operands.len());
            let mut g = guard;
            for (i, fact) in facts.iter().enumerate() {
                under.push(g);
                if let Some((kind, name, constant)) = fact
                    && i < last
                {
                    let kind = if is_or { negated(kind) } else { kind };
                    g = self.add_param_guard(f, kind, name, *constant, g);
                }
            }
            for i in (0..operands.len()).rev() {
                self.expr(&operands[i], f, under[i], false);
            }
        } else {
            self.walk(test, f, guard, false);
        }
        facts
    }

    /// The tests an `else`/`elif` runs under: `else_guard` in summarize.py.
    fn else_guard(
        &mut self,
        test: &Expr,
        f: usize,
        mut guard: i64,
        orelse: &[ElifElseClause],
    ) -> i64 {
        if let Some((kind, subject, key)) = missed(test, orelse) {
            let returned = key.map(|k| self.ref_(k, f, 0));
            guard = self.add_guard(f, kind, subject, guard, returned);
        } else if asks_for_a_file(test) {
            // (as the body of `if not os.path.exists(p):`)
            guard = self.add_guard(f, "not", test, guard, None);
        } else if let Some(name) = unset_name(test, &self.m.func_arena[f].params) {
            guard = self.add_guard(f, "unset", name, guard, None);
        }
        self.negation_guard(test, f, guard)
    }

    /// The parameter tests that hold where `test` was false (an `else`, or the rest of a
    /// block after an `if` that leaves it): `negation_guard` in summarize_guards.py.
    pub fn negation_guard(&mut self, test: &Expr, f: usize, mut guard: i64) -> i64 {
        let single = std::slice::from_ref(test);
        let (operands, negate): (&[Expr], bool) = match test {
            Expr::UnaryOp(u) if u.op == UnaryOp::Not => match &*u.operand {
                Expr::BoolOp(b) if b.op == BoolOp::And => (&b.values, false),
                _ => (single, true),
            },
            Expr::BoolOp(b) if b.op == BoolOp::Or => (&b.values, true),
            Expr::BoolOp(_) => return guard,
            _ => (single, true),
        };
        let facts: Vec<_> = {
            let func = &self.m.func_arena[f];
            let own = func.own.as_deref();
            operands
                .iter()
                .filter_map(|node| {
                    value_test(node, &func.params, &func.locals, own)
                        .or_else(|| local_test(node, &func.params))
                        .or_else(|| flag_test(node, &func.params))
                })
                .collect()
        };
        for (kind, name, constant) in facts {
            let kind = if negate { negated(kind) } else { kind };
            guard = self.add_param_guard(f, kind, &name, constant, guard);
        }
        guard
    }

    fn add_param_guard(
        &mut self,
        f: usize,
        kind: &'static str,
        id: &str,
        constant: Option<&Expr>,
        outer: i64,
    ) -> i64 {
        let returned = constant.map(|c| self.ref_(c, f, 0));
        let subject = self.name_ref(id);
        let mut guard = {
            let guards = &mut self.m.func_arena[f].guards;
            guards.push((kind, subject, outer, returned.clone()));
            guards.len() as i64 - 1
        };
        let mut derived = Vec::new();
        for (owner, first, second) in &self.nands {
            if *owner != f {
                continue;
            }
            for (this, other) in [(first, second), (second, first)] {
                if implies(kind, id, returned.as_ref(), this) {
                    // `not (a and b)` where `a` holds: `b` does not
                    derived.push((negated(other.0), other.3.clone(), other.2.clone()));
                }
            }
        }
        for (kind, subject, returned) in derived {
            let guards = &mut self.m.func_arena[f].guards;
            guards.push((kind, subject, guard, returned));
            guard = guards.len() as i64 - 1;
        }
        guard
    }

    /// `f(x)` or `[f(x) for x in xs]` as a statement: the call whose value it drops, among
    /// the calls from `first` on (the outermost one at the call's position).
    fn drop_value(&mut self, value: &Expr, f: usize, first: usize) {
        let value = match value {
            Expr::ListComp(c) => &*c.elt,
            Expr::SetComp(c) => &*c.elt,
            other => other,
        };
        let Expr::Call(call) = value else { return };
        let at = self.pos(call.range_start);
        let func = &mut self.m.func_arena[f];
        if let Some(index) =
            (first..func.calls.len()).find(|&i| (func.calls[i].line, func.calls[i].col) == at)
        {
            func.dropped.push(index as i64);
        }
    }

    fn stmt(&mut self, st: &Stmt, f: usize, cls: Option<usize>, guard: i64) {
        match st {
            Stmt::Expr(e) => {
                let first = self.m.func_arena[f].calls.len();
                self.expr(&e.value, f, guard, false);
                self.drop_value(&e.value, f, first);
            }
            Stmt::FunctionDef(d) => self.funcdef(d, f, cls),
            Stmt::ClassDef(c) => self.classdef(c, f, cls),
            Stmt::Assign(a) => {
                let value = self.ref_(&a.value, f, 0);
                for target in &a.targets {
                    self.assign(target, value.clone(), Some(&a.value), f, cls);
                }
                self.expr(&a.value, f, guard, false);
            }
            Stmt::AnnAssign(a) => {
                if let Expr::Name(target) = &*a.target
                    && let Some(annotation) = self.ann(Some(&a.annotation), f)
                {
                    let name = target.id.to_string();
                    if self.qn(f) == MODULE && cls.is_none() {
                        self.m.global_annotations.insert(name, annotation);
                    } else if let Some(c) = cls {
                        if *self.qn(f) == self.m.class_arena[c].scope {
                            self.m.class_arena[c].annotations.insert(name, annotation);
                        }
                    } else {
                        self.m.func_arena[f]
                            .local_annotations
                            .insert(name, annotation);
                    }
                } else if let Some(owner) = self.own_attribute(&a.target, f)
                    && let Some(annotation) = self.ann(Some(&a.annotation), f)
                {
                    // `self.agents: dict[str, Agent] = {}` in a method: kept as "self.agents"
                    self.m.func_arena[f]
                        .local_annotations
                        .insert(owner, annotation);
                }
                if let Some(value) = &a.value {
                    let r = self.ref_(value, f, 0);
                    self.assign(&a.target, r, Some(value), f, cls);
                    self.expr(value, f, guard, false);
                }
            }
            Stmt::AugAssign(a) => {
                let unknown = self.unknown.clone();
                self.mutate(&a.target, f, unknown);
                self.expr(&a.value, f, guard, false);
            }
            Stmt::Return(r) => {
                if let Some(value) = &r.value {
                    let v = self.ref_(value, f, 0);
                    self.m.func_arena[f].return_values.push(v);
                    self.expr(value, f, guard, false);
                }
            }
            Stmt::With(w) => {
                for item in &w.items {
                    let ctx = self.ref_(&item.context_expr, f, 0);
                    self.expr(&item.context_expr, f, guard, w.is_async);
                    if !w.is_async {
                        let (line, col) = self.pos(item.context_expr.start());
                        let func =
                            tuple(vec![tag("attr"), ctx.clone(), self.strings.s("__enter__")]);
                        self.m.func_arena[f].calls.push(CallSite {
                            line,
                            col,
                            func,
                            args: tuple(vec![]),
                            kwargs: tuple(vec![]),
                            awaited: false,
                            guard,
                            arg_of: -1,
                            is_with: true,
                        });
                    }
                    if let Some(Expr::Name(var)) = item.optional_vars.as_deref() {
                        self.bind(var.id.as_str(), tuple(vec![tag("enter"), ctx]), f, cls);
                    }
                }
                self.body(&w.body, f, cls, guard);
            }
            Stmt::If(i) => self.if_stmt(&i.test, &i.body, &i.elif_else_clauses, f, cls, guard),
            Stmt::For(fo) => {
                let iterated = self.ref_(&fo.iter, f, 0);
                self.m.func_arena[f].iterated.push(iterated);
                self.expr(&fo.iter, f, guard, false);
                if let Expr::Name(target) = &*fo.target {
                    match literal_texts(&fo.iter) {
                        // (`for path in ("/v1/a", "/v1/b"):` holds each in turn)
                        Some(items) => {
                            for item in items {
                                let value = self.ref_(item, f, 0);
                                self.bind(target.id.as_str(), value, f, cls);
                            }
                        }
                        None => {
                            let unknown = self.unknown.clone();
                            self.bind(target.id.as_str(), unknown, f, cls);
                        }
                    }
                }
                let inner = if fo.is_async {
                    guard
                } else {
                    self.loop_guard(&fo.iter, f, guard)
                };
                self.body(&fo.body, f, cls, inner);
                self.body(&fo.orelse, f, cls, guard);
            }
            Stmt::While(w) => {
                self.expr(&w.test, f, guard, false);
                let inner = match drained_queue(&w.test) {
                    Some(call) => self.add_guard(f, "not", call, guard, None),
                    None => guard,
                };
                self.body(&w.body, f, cls, inner);
                self.body(&w.orelse, f, cls, guard);
            }
            Stmt::Try(t) => {
                self.body(&t.body, f, cls, guard);
                for handler in &t.handlers {
                    let ExceptHandler::ExceptHandler(h) = handler;
                    if let Some(kind) = &h.type_ {
                        self.expr(kind, f, guard, false);
                    }
                    // what a handler runs happens only when the `try` failed
                    let subject = self.ref_opt(h.type_.as_deref(), f, 0);
                    let guards = &mut self.m.func_arena[f].guards;
                    guards.push(("except", subject, guard, None));
                    let failed = guards.len() as i64 - 1;
                    self.body(&h.body, f, cls, failed);
                }
                self.body(&t.orelse, f, cls, guard);
                self.body(&t.finalbody, f, cls, guard);
            }
            Stmt::Match(m) => {
                self.expr(&m.subject, f, guard, false);
                for case in &m.cases {
                    self.body(&case.body, f, cls, guard);
                }
            }
            Stmt::Import(imp) => {
                for alias in &imp.names {
                    if let Some(asname) = &alias.asname {
                        let r = ImportRef {
                            level: 0,
                            module: alias.name.to_string(),
                            name: None,
                        };
                        self.importref(asname.as_str(), r, f, cls, guard);
                    } else {
                        let top = alias.name.as_str().split('.').next().unwrap_or("");
                        let r = ImportRef {
                            level: 0,
                            module: top.to_string(),
                            name: None,
                        };
                        self.importref(top, r, f, cls, guard);
                    }
                }
            }
            Stmt::ImportFrom(imp) => {
                let module = imp.module.as_ref().map_or("", |m| m.as_str());
                for alias in &imp.names {
                    let r = ImportRef {
                        level: i64::from(imp.level),
                        module: module.to_string(),
                        name: Some(alias.name.to_string()),
                    };
                    if alias.name.as_str() == "*" {
                        if self.qn(f) == MODULE {
                            self.m.star_imports.push(r);
                        }
                        continue;
                    }
                    let local = alias.asname.as_ref().unwrap_or(&alias.name).to_string();
                    self.importref(&local, r, f, cls, guard);
                }
            }
            Stmt::Global(g) => {
                let declared = &mut self.m.func_arena[f].globals_declared;
                g.names.iter().for_each(|n| {
                    declared.insert(n.to_string());
                });
            }
            Stmt::Nonlocal(n) => {
                let declared = self.nonlocals.entry(f).or_default();
                n.names
                    .iter()
                    .for_each(|name| declared.push(name.to_string()));
            }
            Stmt::Delete(d) => {
                for target in &d.targets {
                    let unknown = self.unknown.clone();
                    self.mutate(target, f, unknown);
                    self.expr(target, f, guard, false);
                }
            }
            Stmt::Raise(r) => {
                for e in [&r.exc, &r.cause].into_iter().flatten() {
                    self.expr(e, f, guard, false);
                }
            }
            Stmt::Assert(a) => {
                self.expr(&a.test, f, guard, false);
                if let Some(msg) = &a.msg {
                    self.expr(msg, f, guard, false);
                }
            }
            Stmt::Pass(_) | Stmt::Break(_) | Stmt::Continue(_) => {}
            // `type X[T] = value` (3.12+): summarize.py visits its child expressions, the
            // name and the value (the type parameters are not expressions)
            Stmt::TypeAlias(t) => {
                self.expr(&t.name, f, guard, false);
                self.expr(&t.value, f, guard, false);
            }
            Stmt::IpyEscapeCommand(_) => self.decline("IPython escape"),
        }
    }

    /// `if`/`elif`/`else`: CPython nests each `elif` as an `If` alone in the `orelse` list.
    fn if_stmt(
        &mut self,
        test: &Expr,
        body: &[Stmt],
        clauses: &[ElifElseClause],
        f: usize,
        cls: Option<usize>,
        guard: i64,
    ) {
        let changed = changed(test, body);
        let keyed = changed.map(|(_, _, operand)| operand);
        let tested = self.if_test(test, f, guard, keyed);
        let mut inner = tested;
        if let Some((subject, key, operand)) = changed
            && (std::ptr::eq(operand, test) || tested != guard)
        {
            // `if X != key:` whose body sets X: X holds another key (in an `or`, only beside
            // tests of held values: `if _v is None or sig != _v_sig:`)
            let returned = self.ref_(key, f, 0);
            inner = self.add_guard(f, "not in", subject, inner, Some(returned));
        }
        if !never(test) {
            self.body(body, f, cls, inner);
        } else if holds_yield(body) {
            // `if False: yield`: a generator that yields nothing
            self.m.func_arena[f].is_generator = true;
        }
        if let Some((clause, rest)) = clauses.split_first() {
            let mut otherwise = self.else_guard(test, f, guard, clauses);
            // `if hit: return hit` / `else: …`: the `else` runs on a cache miss
            if let Some(subject) = cached_subject(test, body, &[])
                && let Some(ret) = final_return(body)
                && let Some(value) = &ret.value
            {
                let returned = self.ref_(returned_source(value), f, 0);
                otherwise = self.add_guard(f, "cached", subject, otherwise, Some(returned));
            }
            match &clause.test {
                None => self.body(&clause.body, f, cls, otherwise),
                Some(elif_test) => self.if_stmt(elif_test, &clause.body, rest, f, cls, otherwise),
            }
        }
    }

    fn importref(&mut self, name: &str, imp: ImportRef, f: usize, cls: Option<usize>, guard: i64) {
        if self.qn(f) == MODULE && cls.is_none() {
            // (`except ImportError: from db import conn` after the `try`'s import: a fallback)
            if self.m.imports.contains_key(name) && self.in_handler(f, guard) {
                self.m.fallback_imports.insert(name.to_string(), imp);
            } else {
                self.m.imports.insert(name.to_string(), imp);
            }
        } else {
            let value = tuple(vec![
                tag("imp"),
                int(imp.level),
                s(&imp.module),
                opt_str(imp.name.as_deref()),
            ]);
            self.bind(name, value, f, cls);
        }
    }

    /// Whether code under `guard` runs in an `except` handler (one, or nested in one).
    fn in_handler(&self, f: usize, mut guard: i64) -> bool {
        let guards = &self.m.func_arena[f].guards;
        while guard >= 0 {
            let (kind, _, outer, _) = &guards[guard as usize];
            if *kind == "except" {
                return true;
            }
            guard = *outer;
        }
        false
    }

    pub fn bind(&mut self, name: &str, value: V, f: usize, cls: Option<usize>) {
        let fqn = &self.m.func_arena[f].qn;
        if let Some(c) = cls.filter(|c| *fqn == self.m.class_arena[*c].scope) {
            self.m.class_arena[c]
                .attrs
                .entry(name.to_string())
                .or_default()
                .push(value);
        } else if fqn == MODULE || self.m.func_arena[f].globals_declared.contains(name) {
            let entry = (fqn.clone(), value);
            self.m
                .global_values
                .entry(name.to_string())
                .or_default()
                .push(entry);
        } else {
            let outer = self
                .nonlocals
                .get(&f)
                .filter(|names| names.iter().any(|n| n == name))
                .and_then(|_| self.m.func_arena[f].parent.as_ref())
                .and_then(|parent| self.m.funcs.get(parent).copied());
            self.m.func_arena[outer.unwrap_or(f)]
                .locals
                .entry(name.to_string())
                .or_default()
                .push(value);
        }
    }

    /// Keep the "X is unset" tests of a local bound to a test, for an `if` on it later; a
    /// binding after that forgets them: `hold_test` in summarize_guards.py.
    fn hold_test(&mut self, name: &str, value: Option<&Expr>, f: usize) {
        if let Some(held) = self.tests_held.get_mut(&f).and_then(|m| m.get_mut(name)) {
            *held = None;
            return;
        }
        let Some(v @ (Expr::BoolOp(_) | Expr::Compare(_) | Expr::UnaryOp(_))) = value else {
            return; // (most bindings: nothing kept)
        };
        let subjects = {
            let func = &self.m.func_arena[f];
            guard_subjects(v, &func.params, &func.locals, None)
        };
        let tests = subjects
            .into_iter()
            .map(|(kind, subject, k)| {
                let returned = k.map(|k| self.key_ref(k, f));
                (kind, self.ref_(subject, f, 0), returned)
            })
            .collect();
        self.tests_held
            .entry(f)
            .or_default()
            .insert(name.to_string(), Some(tests));
    }

    /// "self.x" for a target `self.x` in a method (its first parameter's attribute), else
    /// None (summarize.py `_own_attribute`).
    fn own_attribute(&self, target: &Expr, f: usize) -> Option<String> {
        self.m.func_arena[f].class_qn.as_ref()?;
        let Expr::Attribute(attr) = target else {
            return None;
        };
        let Expr::Name(base) = &*attr.value else {
            return None;
        };
        let first = self.m.func_arena[f].params.first()?;
        if base.id.as_str() != first.name {
            return None;
        }
        Some(format!("{}.{}", base.id, attr.attr))
    }

    fn assign(
        &mut self,
        target: &Expr,
        value: V,
        node: Option<&Expr>,
        f: usize,
        cls: Option<usize>,
    ) {
        match target {
            Expr::Name(n) => {
                self.hold_test(n.id.as_str(), node, f);
                self.bind(n.id.as_str(), value, f, cls)
            }
            Expr::Attribute(a) => {
                let base = self.ref_(&a.value, f, 0);
                self.m.func_arena[f]
                    .attr_stores
                    .push((base, a.attr.to_string(), value));
            }
            Expr::Subscript(_) => self.mutate(target, f, value),
            Expr::Tuple(_) | Expr::List(_) => {
                let elts = elements(target).unwrap_or(&[]);
                let values = node.and_then(elements);
                for (i, element) in elts.iter().enumerate() {
                    match values {
                        Some(values) if i < values.len() && values.len() == elts.len() => {
                            let r = self.ref_(&values[i], f, 0);
                            self.assign(element, r, Some(&values[i]), f, cls);
                        }
                        _ => {
                            let unknown = self.unknown.clone();
                            self.assign(element, unknown, None, f, cls);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// What a statement changes in place (`FuncDef.mutated` in summary.py), and what a
    /// subscript target stores (`FuncDef.item_stores`).
    fn mutate(&mut self, target: &Expr, f: usize, value: V) {
        match target {
            Expr::Subscript(sub) => {
                let base = self.ref_(&sub.value, f, 0);
                let key = self.ref_(&sub.slice, f, 0);
                let func = &mut self.m.func_arena[f];
                func.mutated.push(base.clone());
                func.item_stores.push((base, key, value));
            }
            _ => {
                let r = self.ref_(target, f, 0);
                self.m.func_arena[f].mutated.push(r);
            }
        }
    }

    fn funcdef(&mut self, d: &StmtFunctionDef, parent: usize, cls: Option<usize>) {
        let base = self.qualname(d.name.as_str(), parent, cls);
        let (line, col) = self.def_pos(d.start(), &d.decorator_list);
        // a redefinition is kept as `f#<line>`: every body is analysed
        let qn = if self.m.funcs.contains_key(&base) {
            format!("{base}#{line}")
        } else {
            base.clone()
        };
        let parent_qn = self.qn(parent).to_string();
        let class_qn = cls
            .filter(|c| parent_qn == self.m.class_arena[*c].scope)
            .map(|c| self.m.class_arena[c].qn.clone());
        let decorators = self.decorators(&d.decorator_list, parent);
        let params = self.params(Some(&d.parameters), parent);
        let returns = self.ann(d.returns.as_deref(), parent);
        let is_method = class_qn.is_some();
        let unbound = d.decorator_list.iter().any(|dec| {
            matches!(&dec.expression, Expr::Name(n) if matches!(n.id.as_str(), "staticmethod" | "classmethod"))
        });
        let own = match params.first() {
            Some(p) if is_method && !unbound && p.kind == "pos" => Some(p.name.clone()),
            _ => None,
        };
        let fd = FuncDef {
            qn: qn.clone(),
            name: d.name.to_string(),
            line,
            col,
            is_async: d.is_async,
            class_qn,
            own,
            parent: if parent_qn == MODULE {
                None
            } else {
                Some(parent_qn.clone())
            },
            decorators,
            params,
            returns,
            ..FuncDef::default()
        };
        let f = self.m.func_arena.len();
        self.m.func_arena.push(fd);
        self.m.funcs.insert(qn.clone(), f);
        if is_method {
            let c = cls.unwrap();
            self.m.class_arena[c]
                .methods
                .entry(d.name.to_string())
                .or_insert(base);
        } else if parent_qn != MODULE {
            self.m.func_arena[parent]
                .local_defs
                .insert(d.name.to_string(), base);
        }
        for dec in &d.decorator_list {
            self.expr(&dec.expression, parent, -1, false);
        }
        // `provider=Depends(lambda: app.state.provider)`: _default_lambdas in summarize.py
        for lambda in default_lambdas(&d.parameters) {
            self.lambdadef(lambda, parent);
        }
        self.body(&d.body, f, None, -1);
        if !d.is_async {
            self.m.func_arena[f].load_steps = load_steps(&d.body);
        }
        let yields = std::mem::take(&mut self.m.func_arena[f].yields);
        if !yields.is_empty() {
            self.m.func_arena[f].after_yield = self.after_yield(&d.body, &yields);
        }
    }

    fn decorators(&mut self, decorators: &[Decorator], parent: usize) -> Vec<(V, i64, i64)> {
        decorators
            .iter()
            .map(|dec| {
                let r = self.ref_(&dec.expression, parent, 0);
                let (line, col) = self.pos(dec.expression.start());
                (r, line, col)
            })
            .collect()
    }

    fn params(&mut self, args: Option<&Parameters>, f: usize) -> Vec<Param> {
        let mut out = Vec::new();
        let Some(args) = args else { return out };
        for p in args.posonlyargs.iter().chain(args.args.iter()) {
            let annotation = self.ann(p.parameter.annotation.as_deref(), f);
            let default = p.default.as_deref().map(|d| self.ref_(d, f, 0));
            out.push(Param {
                name: p.parameter.name.to_string(),
                annotation,
                default,
                kind: "pos",
            });
        }
        if let Some(v) = &args.vararg {
            out.push(Param {
                name: v.name.to_string(),
                annotation: None,
                default: None,
                kind: "vararg",
            });
        }
        for p in &args.kwonlyargs {
            let annotation = self.ann(p.parameter.annotation.as_deref(), f);
            let default = p.default.as_deref().map(|d| self.ref_(d, f, 0));
            out.push(Param {
                name: p.parameter.name.to_string(),
                annotation,
                default,
                kind: "kwonly",
            });
        }
        if let Some(k) = &args.kwarg {
            out.push(Param {
                name: k.name.to_string(),
                annotation: None,
                default: None,
                kind: "kwarg",
            });
        }
        out
    }

    fn classdef(&mut self, c: &StmtClassDef, parent: usize, outer: Option<usize>) {
        let qn = self.qualname(c.name.as_str(), parent, outer);
        let (line, col) = self.def_pos(c.start(), &c.decorator_list);
        let bases = c.bases().iter().map(|b| self.ref_(b, parent, 0)).collect();
        let decorators = self.decorators(&c.decorator_list, parent);
        let metaclass = c
            .keywords()
            .iter()
            .find(|k| k.arg.as_ref().is_some_and(|a| a.as_str() == "metaclass"))
            .map(|k| self.ref_(&k.value, parent, 0));
        let parent_qn = self.qn(parent).to_string();
        let cd = ClassDef {
            qn: qn.clone(),
            name: c.name.to_string(),
            line,
            col,
            bases,
            decorators,
            scope: parent_qn.clone(),
            metaclass,
            ..ClassDef::default()
        };
        let idx = self.m.class_arena.len();
        self.m.class_arena.push(cd);
        self.m.classes.insert(qn.clone(), idx);
        let in_outer_body = outer.is_some_and(|o| parent_qn == self.m.class_arena[o].scope);
        if parent_qn != MODULE && !in_outer_body {
            self.m.func_arena[parent]
                .local_defs
                .insert(c.name.to_string(), qn);
        }
        self.body(&c.body, parent, Some(idx), -1);
    }

    pub fn lambdadef(&mut self, n: &ExprLambda, parent: usize) {
        let qn = self.lambda_qn(n, parent);
        let (line, col) = self.pos(n.start());
        let parent_qn = self.qn(parent).to_string();
        let params = self.params(n.parameters.as_deref(), parent);
        let fd = FuncDef {
            qn: qn.clone(),
            name: "<lambda>".into(),
            line,
            col,
            is_lambda: true,
            parent: if parent_qn == MODULE {
                None
            } else {
                Some(parent_qn)
            },
            params,
            ..FuncDef::default()
        };
        let f = self.m.func_arena.len();
        self.m.func_arena.push(fd);
        let r = self.ref_(&n.body, f, 0);
        self.m.func_arena[f].return_values.push(r);
        self.m.funcs.insert(qn, f);
        self.expr(&n.body, f, -1, false);
    }

    /// `Cls.name` directly in a class body, `name` at module level, else `outer.name`.
    fn qualname(&self, name: &str, parent: usize, cls: Option<usize>) -> String {
        let pqn = self.qn(parent);
        if let Some(c) = cls.filter(|c| pqn == self.m.class_arena[*c].scope) {
            return format!("{}.{name}", self.m.class_arena[c].qn);
        }
        if pqn == MODULE {
            name.to_string()
        } else {
            format!("{pqn}.{name}")
        }
    }
}

/// The items of a tuple or list written as string literals alone (`("/a", "/b")`), which a
/// `for` loop's name holds in turn: `_literal_texts` in summarize.py.
fn literal_texts(e: &Expr) -> Option<&[Expr]> {
    let items = elements(e)?;
    let all_text = !items.is_empty() && items.iter().all(|i| matches!(i, Expr::StringLiteral(_)));
    all_text.then_some(items)
}

fn elements(e: &Expr) -> Option<&[Expr]> {
    match e {
        Expr::Tuple(t) => Some(&t.elts),
        Expr::List(l) => Some(&l.elts),
        _ => None,
    }
}

/// `q.empty()` of `while not q.empty():`, whose body runs while an item is there — the only
/// loop test recorded as a guard: `_drained_queue` in summarize.py.
fn drained_queue(test: &Expr) -> Option<&Expr> {
    let Expr::UnaryOp(u) = test else { return None };
    if u.op != UnaryOp::Not {
        return None;
    }
    match &*u.operand {
        call @ Expr::Call(c)
            if matches!(&*c.func, Expr::Attribute(a) if a.attr.id.as_str() == "empty")
                && c.arguments.args.is_empty()
                && c.arguments.keywords.is_empty() =>
        {
            Some(call)
        }
        _ => None,
    }
}

/// `_tail_if` in summarize.py: the `if` a statement ends with, itself or the last of a `with`
/// block's (leaving the block changes nothing for what follows it).
fn tail_if(mut stmt: &Stmt) -> Option<&StmtIf> {
    while let Stmt::With(w) = stmt {
        stmt = w.body.last()?;
    }
    match stmt {
        Stmt::If(node) => Some(node),
        _ => None,
    }
}

/// The statements of `body` that import, or call a function by its name (`register(app)`,
/// `app = create_app()`), in order: `load_steps` in summarize.py.
fn load_steps(body: &[Stmt]) -> Vec<V> {
    let mut steps = Vec::new();
    for stmt in body {
        match stmt {
            Stmt::Import(imp) => {
                for alias in &imp.names {
                    steps.push(tuple(vec![tag("import"), s(alias.name.as_str())]));
                }
            }
            Stmt::ImportFrom(imp) => {
                let names = imp.names.iter().map(|a| s(a.name.as_str())).collect();
                let module = imp.module.as_ref().map_or("", |m| m.as_str());
                steps.push(tuple(vec![
                    tag("from"),
                    int(i64::from(imp.level)),
                    s(module),
                    tuple(names),
                ]));
            }
            _ => {
                if let Some(name) = called_name(stmt) {
                    steps.push(tuple(vec![tag("call"), s(name)]));
                }
            }
        }
    }
    steps
}

/// `name` of a statement that is a plain call of it (`register_router(app)`, `app =
/// register_app()`).
fn called_name(stmt: &Stmt) -> Option<&str> {
    let value = match stmt {
        Stmt::Expr(e) => &*e.value,
        Stmt::Assign(a) => &*a.value,
        Stmt::AnnAssign(a) => a.value.as_deref()?,
        _ => return None,
    };
    match value {
        Expr::Call(call) => match &*call.func {
            Expr::Name(name) => Some(name.id.as_str()),
            _ => None,
        },
        _ => None,
    }
}

/// The lambdas a function's parameter defaults hold (not those inside them), in source
/// order: `_default_lambdas` in summarize.py.
fn default_lambdas(params: &Parameters) -> Vec<&ExprLambda> {
    let mut found = DefaultLambdas { found: Vec::new() };
    for p in params
        .posonlyargs
        .iter()
        .chain(&params.args)
        .chain(&params.kwonlyargs)
    {
        if let Some(default) = p.default.as_deref() {
            found.visit_expr(default);
        }
    }
    found.found.sort_by_key(|l| l.start());
    found.found
}

struct DefaultLambdas<'a> {
    found: Vec<&'a ExprLambda>,
}

impl<'a> Visitor<'a> for DefaultLambdas<'a> {
    fn visit_expr(&mut self, expr: &'a Expr) {
        match expr {
            Expr::Lambda(l) => self.found.push(l),
            _ => visitor::walk_expr(self, expr),
        }
    }
}
