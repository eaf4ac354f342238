//! The tests code runs under, as written: `_guard_subjects` / `_cached_subject` in
//! summarize.py. Whether one is a memo guard is the rules' judgement, not the summary's.

use crate::marshal::{V, Val};
use crate::model::Param;
use indexmap::IndexMap;
use ruff_python_ast::comparable::ComparableExpr;
use ruff_python_ast::visitor::{self, Visitor};
use ruff_python_ast::{
    BoolOp, CmpOp, ElifElseClause, ExceptHandler, Expr, ExprCall, ExprCompare, ExprSubscript, Stmt,
    StmtIf, StmtReturn, UnaryOp,
};

/// A CPython `ast.Constant`: every literal except f-strings (JoinedStr).
pub fn is_constant(e: &Expr) -> bool {
    matches!(
        e,
        Expr::StringLiteral(_)
            | Expr::BytesLiteral(_)
            | Expr::NumberLiteral(_)
            | Expr::BooleanLiteral(_)
            | Expr::NoneLiteral(_)
            | Expr::EllipsisLiteral(_)
    )
}

/// (kind, subject, key) of each operand of an `if` test reading "X is unset": `X is None`,
/// `X == None`, `not X`, `key not in X` (its key: the key; in an `or`, `X is None` / `not X`
/// has the ordering comparison beside it, a stamp: `stamps`). None of an `or` one of whose
/// operands tests a parameter, or compares a parameter or a local other than such a stamp
/// (`_guard_subjects` in summarize_guards.py).
pub fn guard_subjects<'e>(
    test: &'e Expr,
    params: &[Param],
    locals: &IndexMap<String, Vec<V>>,
    keyed: Option<&Expr>,
) -> Vec<(&'static str, &'e Expr, Option<&'e Expr>)> {
    let single = std::slice::from_ref(test);
    let nodes: &[Expr] = match test {
        Expr::BoolOp(b) => &b.values,
        _ => single,
    };
    let mut out = Vec::new();
    let is_or = matches!(test, Expr::BoolOp(b) if b.op == BoolOp::Or);
    let (stamp, own) = if is_or {
        stamps(nodes)
    } else {
        (None, Vec::new())
    };
    if is_or
        && nodes.iter().any(|node| {
            !keyed.is_some_and(|k| std::ptr::eq(k, node))
                && (param_test(node, params, locals).is_some()
                    || (compares_a_call_value(node, params, locals)
                        && !own.iter().any(|o| std::ptr::eq(*o, node))))
        })
    {
        return out;
    }
    for node in nodes {
        match node {
            Expr::UnaryOp(u) if u.op == UnaryOp::Not => {
                out.push(("not", sized(&u.operand).unwrap_or(&u.operand), stamp))
            }
            Expr::Compare(c) if is_empty_text(c) => out.push(("not", &*c.left, None)),
            Expr::Compare(c) if is_zero(c) && sized(&c.left).is_some() => {
                out.push(("not", sized(&c.left).unwrap(), None)) // `len(X) == 0`: `not X`
            }
            Expr::Compare(c)
                if c.ops.iter().zip(c.comparators.iter()).any(|(op, right)| {
                    *op == CmpOp::NotIn
                        || (matches!(op, CmpOp::Is | CmpOp::Eq)
                            && matches!(right, Expr::NoneLiteral(_)))
                }) =>
            {
                if *c.ops.last().unwrap() == CmpOp::NotIn {
                    let n = c.comparators.len();
                    let key = if n > 1 {
                        &c.comparators[n - 2]
                    } else {
                        &*c.left
                    };
                    out.push(("not in", &c.comparators[n - 1], Some(key)));
                } else {
                    out.push(("is None", &*c.left, stamp));
                }
            }
            _ => {}
        }
    }
    out
}

/// In an `or` with an operand testing X as unset (`X is None`, `X == None`, `not X`): its
/// first ordering comparison (X's age or expiry: `now > X`, `time.time() - X_at > ttl`), and
/// the orderings that compare such an X itself: `_stamps` in summarize_guards.py.
fn stamps(operands: &[Expr]) -> (Option<&Expr>, Vec<&Expr>) {
    let mut unset: Vec<ComparableExpr<'_>> = Vec::new();
    for node in operands {
        match node {
            Expr::UnaryOp(u) if u.op == UnaryOp::Not => {
                unset.push(ComparableExpr::from(&*u.operand))
            }
            Expr::Compare(c)
                if c.ops.len() == 1
                    && matches!(c.ops[0], CmpOp::Is | CmpOp::Eq)
                    && matches!(c.comparators[0], Expr::NoneLiteral(_)) =>
            {
                unset.push(ComparableExpr::from(&*c.left))
            }
            _ => {}
        }
    }
    let orderings: Vec<&Expr> = operands
        .iter()
        .filter(|node| {
            matches!(node, Expr::Compare(c) if c.ops.len() == 1
                && matches!(c.ops[0], CmpOp::Lt | CmpOp::LtE | CmpOp::Gt | CmpOp::GtE))
        })
        .collect();
    if unset.is_empty() || orderings.is_empty() {
        return (None, Vec::new());
    }
    let own = orderings
        .iter()
        .copied()
        .filter(|node| unset.iter().any(|held| mentions(node, held)))
        .collect();
    (Some(orderings[0]), own)
}

/// The name a comparison operator has in Python's `ast` (`Gt` of `>`).
pub fn ordering_name(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Lt => "Lt",
        CmpOp::LtE => "LtE",
        CmpOp::Gt => "Gt",
        CmpOp::GtE => "GtE",
        CmpOp::Eq => "Eq",
        CmpOp::NotEq => "NotEq",
        CmpOp::Is => "Is",
        CmpOp::IsNot => "IsNot",
        CmpOp::In => "In",
        CmpOp::NotIn => "NotIn",
    }
}

/// X of `len(X)`: `_sized` in summarize_guards.py.
fn sized(node: &Expr) -> Option<&Expr> {
    match node {
        Expr::Call(c)
            if matches!(&*c.func, Expr::Name(n) if n.id.as_str() == "len")
                && c.arguments.args.len() == 1
                && c.arguments.keywords.is_empty() =>
        {
            Some(&c.arguments.args[0])
        }
        _ => None,
    }
}

/// `… == 0`: `_is_zero` in summarize_guards.py.
fn is_zero(c: &ExprCompare) -> bool {
    c.ops.len() == 1
        && c.ops[0] == CmpOp::Eq
        && matches!(&c.comparators[0], Expr::NumberLiteral(n)
            if matches!(&n.value, ruff_python_ast::Number::Int(i) if *i == ruff_python_ast::Int::ZERO))
}

/// `X == ""` (or `b""`): `_is_empty_text` in summarize_guards.py.
fn is_empty_text(c: &ExprCompare) -> bool {
    c.ops.len() == 1
        && c.ops[0] == CmpOp::Eq
        && match &c.comparators[0] {
            Expr::StringLiteral(s) => s.value.is_empty(),
            Expr::BytesLiteral(b) => b.value.is_empty(),
            _ => false,
        }
}

/// (kind, subject, key) the `else` of `if key in X:` / `if X is not None:` runs under when
/// it fills X (X missed): `_missed` in summarize_guards.py. `orelse`: the `elif`/`else`
/// clauses.
pub fn missed<'a>(
    test: &'a Expr,
    orelse: &[ElifElseClause],
) -> Option<(&'static str, &'a Expr, Option<&'a Expr>)> {
    if let Some((container, key)) = got(test) {
        return fills(orelse, container, true).then_some(("not in", container, Some(key)));
    }
    let Expr::Compare(c) = test else { return None };
    if c.ops.len() != 1 {
        return None;
    }
    let right = &c.comparators[0];
    match c.ops[0] {
        CmpOp::In if fills(orelse, right, true) => Some(("not in", right, Some(&*c.left))),
        CmpOp::IsNot if matches!(right, Expr::NoneLiteral(_)) && fills(orelse, &c.left, false) => {
            Some(("is None", &*c.left, None))
        }
        _ => None,
    }
}

/// (X, key) of `if key in X: return` (a bare exit, no `else`) when the rest of the block
/// fills `X[…]`: `member_exit` in summarize_guards.py.
pub fn member_exit<'a>(
    test: &'a Expr,
    body: &[Stmt],
    has_else: bool,
    rest: &[Stmt],
) -> Option<(&'a Expr, &'a Expr)> {
    if !bare_exit(body, has_else) {
        return None;
    }
    let Expr::Compare(c) = test else { return None };
    if c.ops.len() != 1 || c.ops[0] != CmpOp::In {
        return None;
    }
    let container = &c.comparators[0];
    let mut found = Fills {
        subject: container,
        keyed: true,
        found: false,
    };
    found.visit_body(rest);
    found.found.then_some((container, &*c.left))
}

/// X of `X is not None`, or the test itself where it is no comparison (`if X:`); None for
/// any other comparison: `_tested` in summarize_guards.py.
fn tested(test: &Expr) -> Option<&Expr> {
    let Expr::Compare(c) = test else {
        return Some(test);
    };
    if c.ops.len() != 1
        || c.ops[0] != CmpOp::IsNot
        || !matches!(c.comparators[0], Expr::NoneLiteral(_))
    {
        return None;
    }
    Some(&c.left)
}

/// (X, key) of `X.get(key)` or `X.get(key) is not None`: `_got` in summarize_guards.py.
fn got(test: &Expr) -> Option<(&Expr, &Expr)> {
    let Expr::Call(c) = tested(test)? else {
        return None;
    };
    let Expr::Attribute(a) = &*c.func else {
        return None;
    };
    if a.attr.as_str() != "get" || c.arguments.args.len() != 1 || !c.arguments.keywords.is_empty() {
        return None;
    }
    Some((&*a.value, &c.arguments.args[0]))
}

/// X of `if X is not None:` / `if X:`, X a name that is not a parameter: what the `else`
/// runs under when it does not fill X (`_unset_name` in summarize_guards.py).
pub fn unset_name<'a>(test: &'a Expr, params: &[Param]) -> Option<&'a Expr> {
    let subject = tested(test)?;
    let Expr::Name(n) = subject else { return None };
    if params.iter().any(|p| p.name == n.id.as_str()) {
        return None;
    }
    Some(subject)
}

/// (X, key, the comparison) of `if X != key:` (or `key != X`; or such an operand of an
/// `or`) whose body sets X (a one-entry cache holding another key): `_changed` in
/// summarize_guards.py.
pub fn changed<'a>(test: &'a Expr, body: &[Stmt]) -> Option<(&'a Expr, &'a Expr, &'a Expr)> {
    let single = std::slice::from_ref(test);
    let operands: &[Expr] = match test {
        Expr::BoolOp(b) if b.op == BoolOp::Or => &b.values,
        _ => single,
    };
    for operand in operands {
        let Expr::Compare(c) = operand else { continue };
        if c.ops.len() != 1 || c.ops[0] != CmpOp::NotEq {
            continue;
        }
        let (left, right) = (&*c.left, &c.comparators[0]);
        for (subject, key) in [(left, right), (right, left)] {
            let named = matches!(subject, Expr::Name(_) | Expr::Attribute(_));
            if named && sets(body, subject) {
                return Some((subject, key, operand));
            }
        }
    }
    None
}

/// Whether a statement of `body` (at any depth) assigns `subject` itself.
fn sets(body: &[Stmt], subject: &Expr) -> bool {
    let mut found = Fills {
        subject,
        keyed: false,
        found: false,
    };
    found.visit_body(body);
    found.found
}

/// Whether a statement of the clauses (at any depth) assigns `subject[…]` (keyed) or
/// `subject` itself: `_fills` in summarize_guards.py.
fn fills(orelse: &[ElifElseClause], subject: &Expr, keyed: bool) -> bool {
    let mut found = Fills {
        subject,
        keyed,
        found: false,
    };
    for clause in orelse {
        found.visit_body(&clause.body);
    }
    found.found
}

struct Fills<'s> {
    subject: &'s Expr,
    keyed: bool,
    found: bool,
}

impl<'a> Visitor<'a> for Fills<'_> {
    fn visit_stmt(&mut self, stmt: &'a Stmt) {
        let targets: &[Expr] = match stmt {
            Stmt::Assign(a) => &a.targets,
            Stmt::AnnAssign(a) => std::slice::from_ref(&*a.target),
            Stmt::AugAssign(a) => std::slice::from_ref(&*a.target),
            _ => &[],
        };
        for target in targets {
            let hit = match target {
                Expr::Subscript(sub) if self.keyed => same(&sub.value, self.subject),
                _ if self.keyed => false,
                _ => same(target, self.subject),
            };
            self.found |= hit;
        }
        visitor::walk_stmt(self, stmt);
    }

    fn visit_expr(&mut self, _expr: &'a Expr) {}
}

/// `a` and `b` name the same place (`x`, `x.y.z`): `_same` in summarize_guards.py.
fn same(a: &Expr, b: &Expr) -> bool {
    match (a, b) {
        (Expr::Name(x), Expr::Name(y)) => x.id == y.id,
        (Expr::Attribute(x), Expr::Attribute(y)) => {
            x.attr.id == y.attr.id && same(&x.value, &y.value)
        }
        _ => false,
    }
}

/// `exits_block` in summarize_guards.py: `if test: …; return` (or `raise`, `continue`,
/// `break`) with no `else`, after which the rest of the block runs where `test` was false.
pub fn exits_block(body: &[Stmt], has_else: bool) -> bool {
    !has_else && ends_in_exit(body, true)
}

/// `ends_in_raise` in summarize_guards.py: the body's last statement is a `raise`.
pub fn ends_in_raise(body: &[Stmt]) -> bool {
    matches!(body.last(), Some(Stmt::Raise(_)))
}

/// `_ends_in_exit` in summarize_guards.py: the body ends in an exit, or in a `with` whose
/// body ends in a `return`, `continue` or `break` (a `raise` there may be swallowed).
fn ends_in_exit(body: &[Stmt], raising: bool) -> bool {
    match body.last() {
        Some(Stmt::With(with)) => ends_in_exit(&with.body, false),
        Some(Stmt::Raise(_)) => raising,
        Some(Stmt::Return(_) | Stmt::Continue(_) | Stmt::Break(_)) => true,
        _ => false,
    }
}

/// A statement after which the rest of its block never runs (`_EXITS` in summarize_guards.py).
pub fn exits(s: &Stmt) -> bool {
    matches!(
        s,
        Stmt::Return(_) | Stmt::Raise(_) | Stmt::Continue(_) | Stmt::Break(_)
    )
}

/// Whether these statements hold a `yield` of their own scope (`_holds_yield` in summarize.py).
pub fn holds_yield(stmts: &[Stmt]) -> bool {
    let mut finder = Yields { found: false };
    stmts.iter().for_each(|s| finder.visit_stmt(s));
    finder.found
}

struct Yields {
    found: bool,
}

impl<'a> Visitor<'a> for Yields {
    fn visit_stmt(&mut self, stmt: &'a Stmt) {
        if !matches!(stmt, Stmt::FunctionDef(_) | Stmt::ClassDef(_)) {
            visitor::walk_stmt(self, stmt);
        }
    }

    fn visit_expr(&mut self, expr: &'a Expr) {
        match expr {
            Expr::Yield(_) | Expr::YieldFrom(_) => self.found = true,
            Expr::Lambda(_) => {}
            _ => visitor::walk_expr(self, expr),
        }
    }
}

/// Whether `body` (of an `if` without `else` when `has_else` is false) ends in `return` with
/// no value or `None`: `_bare_exit` in summarize_guards.py.
fn bare_exit(body: &[Stmt], has_else: bool) -> bool {
    if has_else {
        return false;
    }
    match body.last() {
        Some(Stmt::Return(r)) => match &r.value {
            None => true,
            Some(v) => matches!(**v, Expr::NoneLiteral(_)),
        },
        _ => false,
    }
}

/// `_done_flag` in summarize_guards.py.
pub fn done_flag<'a>(test: &'a Expr, body: &[Stmt], has_else: bool) -> Option<&'a Expr> {
    if !bare_exit(body, has_else) {
        return None;
    }
    let mut flag = test;
    if let Expr::BoolOp(b) = test
        && b.op == BoolOp::And
    {
        let (first, rest) = b.values.split_first()?;
        let all_negated_names = rest.iter().all(|r| {
            matches!(r, Expr::UnaryOp(u) if u.op == UnaryOp::Not && matches!(*u.operand, Expr::Name(_)))
        });
        if !all_negated_names && !stamped(first, rest) && !all_plain_fields(&b.values) {
            return None;
        }
        flag = first;
    } else if let Expr::BoolOp(b) = test {
        // `if X or Y: return`: the rest runs while X is unset too
        flag = &b.values[0];
    }
    if let Expr::Compare(c) = flag
        && c.ops.len() == 1
        && c.ops[0] == CmpOp::IsNot
        && matches!(c.comparators[0], Expr::NoneLiteral(_))
    {
        flag = &c.left; // `if X is not None: return`
    }
    match flag {
        Expr::Name(_) | Expr::Attribute(_) | Expr::Subscript(_) => Some(flag),
        Expr::Call(c) if matches!(&*c.func, Expr::Attribute(a) if a.attr.as_str() == "get") => {
            Some(flag)
        }
        _ => None,
    }
}

/// `if self.token and self.shop_id: return`: each operand a name or an attribute of one —
/// `_all_plain_fields` in summarize_guards.py.
fn all_plain_fields(operands: &[Expr]) -> bool {
    operands.iter().all(|o| match o {
        Expr::Name(_) => true,
        Expr::Attribute(a) => matches!(*a.value, Expr::Name(_)),
        _ => false,
    })
}

/// `if _cache["data"] is not None and time.time() - _cache["ts"] < ttl: return`: the other
/// operands test the flag, or the container holding it, against something (its age), and
/// none is a switch of its own — `_stamped` in summarize_guards.py.
fn stamped(first: &Expr, rest: &[Expr]) -> bool {
    let held = match first {
        Expr::Compare(c)
            if c.ops.len() == 1
                && c.ops[0] == CmpOp::IsNot
                && matches!(c.comparators[0], Expr::NoneLiteral(_)) =>
        {
            &*c.left
        }
        _ => first,
    };
    let held_form = ComparableExpr::from(held);
    let container = match held {
        Expr::Subscript(sub) => Some(ComparableExpr::from(&*sub.value)),
        _ => None,
    };
    let mentioned = rest.iter().any(|operand| {
        mentions(operand, &held_form) || container.as_ref().is_some_and(|c| mentions(operand, c))
    });
    mentioned && !rest.iter().any(|operand| other_switch(operand, &held_form))
}

/// What an early return hands back, as the memo rule reads it: a comprehension over a held
/// value returns what it iterates — `returned_source` in summarize_guards.py.
pub fn returned_source(value: &Expr) -> &Expr {
    let generators = match value {
        Expr::ListComp(c) => &c.generators,
        Expr::SetComp(c) => &c.generators,
        Expr::Generator(c) => &c.generators,
        Expr::DictComp(c) => &c.generators,
        _ => return value,
    };
    generators.first().map_or(value, |g| &g.iter)
}

/// X of `if X is not <const>: return …` / `if key in X: return …` / `if X: return …`;
/// `before`: the block's statements before the `if`, where a name another operand tests may
/// be assigned — `_cached_subject` in summarize_guards.py.
pub fn cached_subject<'a>(test: &'a Expr, body: &[Stmt], before: &[Stmt]) -> Option<&'a Expr> {
    cached_of(&operands(test), body, before)
}

/// (X, the `return`) of an early return of a held value (`cached_subject`), also of `if X:`
/// holding only `if isinstance(X, T): return X` (neither with an `else`) — `cached_return`
/// in summarize_guards.py.
pub fn cached_return<'a>(node: &'a StmtIf, before: &[Stmt]) -> Option<(&'a Expr, &'a StmtReturn)> {
    if let Some(subject) = cached_subject(&node.test, &node.body, before) {
        return Some((subject, final_return(&node.body)?));
    }
    let [Stmt::If(inner)] = &node.body[..] else {
        return None;
    };
    if !node.elif_else_clauses.is_empty() || !inner.elif_else_clauses.is_empty() {
        return None;
    }
    let mut tests = operands(&node.test);
    tests.extend(operands(&inner.test));
    let subject = cached_of(&tests, &inner.body, before)?;
    Some((subject, final_return(&inner.body)?))
}

/// The operands of an `and` test, or the test alone — `_operands` in summarize_guards.py.
fn operands(test: &Expr) -> Vec<&Expr> {
    match test {
        Expr::BoolOp(b) if b.op == BoolOp::And => b.values.iter().collect(),
        _ => vec![test],
    }
}

/// `cached_subject` of the tests `operands`, all true for `body` to run — `_cached_of` in
/// summarize_guards.py.
fn cached_of<'a>(operands: &[&'a Expr], body: &[Stmt], before: &[Stmt]) -> Option<&'a Expr> {
    let returned = match &final_return(body)?.value {
        Some(v) if !matches!(**v, Expr::NoneLiteral(_)) => v,
        _ => return None, // a bare exit: `done_flag`
    };
    let (&first, rest) = operands.split_first()?;
    if rest.is_empty() {
        return held(first);
    }
    // `if s is not None and not s.closed: return s` (the held value, a copy or an item of
    // it: `return {**_cache, "hit": True}`), not `if s is not None and custom:` (the rest
    // runs on every call while `custom` is false)
    let subject = held(first).or_else(|| stamp_set(first))?;
    let held_form = ComparableExpr::from(subject);
    let mut read: Vec<&Expr> = rest.to_vec();
    read.extend(assigned_to_names_in(rest, before));
    ((returns_held(returned, &held_form)
        || field_of_kept(returned, subject, &held_form)
        || kept_beside(returned, subject, &held_form, &read))
        && !rest.iter().any(|operand| other_switch(operand, &held_form)))
    .then_some(subject)
}

/// X of `X > 0` (a number): a time stamp that is set — `_stamp_set` in summarize_guards.py.
fn stamp_set(operand: &Expr) -> Option<&Expr> {
    let Expr::Compare(c) = operand else {
        return None;
    };
    let number = matches!(&c.comparators[..], [Expr::NumberLiteral(n)]
        if !matches!(n.value, ruff_python_ast::Number::Complex { .. }));
    (c.ops.len() == 1
        && c.ops[0] == CmpOp::Gt
        && number
        && matches!(
            *c.left,
            Expr::Name(_) | Expr::Attribute(_) | Expr::Subscript(_)
        ))
    .then_some(&*c.left)
}

/// The values the statements `before` last assign to the names the operands read —
/// `_assigned_to_names_in` in summarize_guards.py.
fn assigned_to_names_in<'a>(operands: &[&Expr], before: &'a [Stmt]) -> Vec<&'a Expr> {
    let mut names = NamesRead::default();
    for &operand in operands {
        names.visit_expr(operand);
    }
    let mut values: IndexMap<&str, &'a Expr> = IndexMap::new();
    for stmt in before {
        if let Stmt::Assign(a) = stmt
            && let [Expr::Name(target)] = &a.targets[..]
            && names.0.contains(target.id.as_str())
        {
            // (a name assigned again keeps its first place, as a Python dict does)
            values.insert(target.id.as_str(), &a.value);
        }
    }
    values.into_values().collect()
}

#[derive(Default)]
struct NamesRead(std::collections::HashSet<String>);

impl<'a> Visitor<'a> for NamesRead {
    fn visit_expr(&mut self, expr: &'a Expr) {
        if let Expr::Name(n) = expr {
            self.0.insert(n.id.to_string());
        }
        visitor::walk_expr(self, expr);
    }
}

/// The `return` that ends `body`: its last statement, or the last of the `try` that ends it
/// (`try: client.ping(); return client` / `except …: client = None`) — `final_return` in
/// summarize_guards.py.
pub fn final_return(body: &[Stmt]) -> Option<&StmtReturn> {
    match body.last()? {
        Stmt::Return(r) => Some(r),
        Stmt::Try(t) => match t.body.last()? {
            Stmt::Return(r) => Some(r),
            _ => None,
        },
        _ => None,
    }
}

/// `os.path.exists(p)` / `p.is_file()` and their kin: the `else` of `if` such a test, or the
/// rest of a block after it exits, runs while the path is missing — `asks_for_a_file` in
/// summarize_guards.py.
pub fn asks_for_a_file(test: &Expr) -> bool {
    let Expr::Call(call) = test else { return false };
    let Expr::Attribute(attr) = &*call.func else {
        return false;
    };
    matches!(
        attr.attr.as_str(),
        "exists" | "is_file" | "is_dir" | "isfile" | "isdir"
    )
}

/// `X[key]` of `try: return X[key]` / `except KeyError: pass` (a handler lets the block go
/// on; no `else`): what follows runs only on a cache miss — `missed_lookup` in
/// summarize_guards.py.
/// Gives (the lookup, its container).
pub fn missed_lookup(stmt: &Stmt) -> Option<(&Expr, &Expr)> {
    let Stmt::Try(t) = stmt else { return None };
    if t.is_star || !t.orelse.is_empty() || t.body.len() != 1 {
        return None;
    }
    let Stmt::Return(StmtReturn {
        value: Some(value), ..
    }) = &t.body[0]
    else {
        return None;
    };
    let Expr::Subscript(ExprSubscript {
        value: container, ..
    }) = &**value
    else {
        return None;
    };
    let goes_on = t.handlers.iter().any(|handler| {
        let ExceptHandler::ExceptHandler(h) = handler;
        !h.body.last().is_some_and(exits)
    });
    goes_on.then_some((&**value, &**container))
}

/// `if self._checked_at and now - self._checked_at < ttl: return self._cache`: a stamp
/// another operand tests, returning what is kept beside it (an attribute of the same object,
/// or another plain name) — `_kept_beside` in summarize_guards.py.
fn kept_beside(returned: &Expr, subject: &Expr, held: &ComparableExpr, rest: &[&Expr]) -> bool {
    beside(returned, subject) && rest.iter().any(|operand| mentions(operand, held))
}

/// A field of a cache entry kept in an attribute (`self._jwks_cache.value`), not of a name
/// — `_field_of_kept` in summarize_guards.py.
fn field_of_kept(returned: &Expr, subject: &Expr, held: &ComparableExpr) -> bool {
    matches!(subject, Expr::Attribute(_))
        && matches!(returned, Expr::Attribute(a) if ComparableExpr::from(&*a.value) == *held)
}

/// An attribute of the same object, an item of the same container, another plain name, or
/// a tuple of such — `_beside` in summarize_guards.py.
fn beside(value: &Expr, subject: &Expr) -> bool {
    match (value, subject) {
        (Expr::Tuple(t), _) => !t.elts.is_empty() && t.elts.iter().all(|e| beside(e, subject)),
        (Expr::Attribute(r), Expr::Attribute(s)) => {
            ComparableExpr::from(&*r.value) == ComparableExpr::from(&*s.value)
        }
        (Expr::Subscript(r), Expr::Subscript(s)) => {
            ComparableExpr::from(&*r.value) == ComparableExpr::from(&*s.value)
        }
        (Expr::Name(_), Expr::Name(_)) => true,
        _ => false,
    }
}

/// Whether an early return hands back the held value: itself, a copy (`{**cache, "hit":
/// True}`, `cache.copy()`) or an item of it (`cache[key]`) — `_returns_held` in
/// summarize_guards.py. A value built from it (`Client(auth=auth)`) is a new one.
fn returns_held(returned: &Expr, held: &ComparableExpr) -> bool {
    if ComparableExpr::from(returned) == *held {
        return true;
    }
    match returned {
        Expr::Dict(d) => d
            .items
            .iter()
            .any(|item| item.key.is_none() && ComparableExpr::from(&item.value) == *held),
        Expr::Subscript(sub) => {
            // an item of it, or an item of an item (`cache[key][0]`)
            let mut base = &*sub.value;
            loop {
                if ComparableExpr::from(base) == *held {
                    return true;
                }
                match base {
                    Expr::Subscript(inner) => base = &*inner.value,
                    _ => return false,
                }
            }
        }
        Expr::Call(c) if c.arguments.keywords.is_empty() => {
            let args = &c.arguments.args;
            match &*c.func {
                Expr::Attribute(a) if a.attr.as_str() == "copy" && args.is_empty() => {
                    ComparableExpr::from(&*a.value) == *held
                }
                func => {
                    // `copy.deepcopy(cache)`, `dict(cache)`: a copy of it
                    let name = match func {
                        Expr::Attribute(a) => a.attr.as_str(),
                        Expr::Name(n) => n.id.as_str(),
                        _ => "",
                    };
                    matches!(name, "deepcopy" | "copy" | "dict" | "list")
                        && args.len() == 1
                        && ComparableExpr::from(&args[0]) == *held
                }
            }
        }
        _ => false,
    }
}

/// `flag` / `not flag` / `obj.flag` that does not read the held expression: a switch beside
/// it, not a test of it — `_other_switch` in summarize_guards.py.
fn other_switch(operand: &Expr, held: &ComparableExpr) -> bool {
    let operand = match operand {
        Expr::UnaryOp(u) if u.op == UnaryOp::Not => &*u.operand,
        _ => operand,
    };
    if !matches!(operand, Expr::Name(_) | Expr::Attribute(_)) {
        return false;
    }
    !mentions(operand, held)
}

/// Whether `held` appears anywhere in `expr`.
fn mentions(expr: &Expr, held: &ComparableExpr) -> bool {
    let mut finder = Mentions { held, found: false };
    finder.visit_expr(expr);
    finder.found
}

struct Mentions<'h, 'e> {
    held: &'h ComparableExpr<'e>,
    found: bool,
}

impl<'a> Visitor<'a> for Mentions<'_, '_> {
    fn visit_expr(&mut self, expr: &'a Expr) {
        if self.found {
            return;
        }
        if ComparableExpr::from(expr) == *self.held {
            self.found = true;
            return;
        }
        visitor::walk_expr(self, expr);
    }
}

/// X of a test that X holds something: `X is not <const>`, `key in X`, `X` (`_held`).
fn held(test: &Expr) -> Option<&Expr> {
    match test {
        Expr::Compare(c) => match c.ops[0] {
            CmpOp::IsNot if is_constant(&c.comparators[0]) => Some(named_target(&c.left)),
            CmpOp::In => Some(&c.comparators[0]),
            _ => None,
        },
        t @ (Expr::Name(_) | Expr::Attribute(_) | Expr::Subscript(_)) => Some(t),
        Expr::Named(_) => Some(named_target(test)),
        Expr::Call(c) if is_hasattr(c) => Some(test),
        _ => None,
    }
}

/// The name a walrus binds (`(hit := cache.get(k)) is not None` holds `hit`), else `expr` —
/// `_named_target` in summarize_guards.py.
fn named_target(expr: &Expr) -> &Expr {
    match expr {
        Expr::Named(n) if matches!(*n.target, Expr::Name(_)) => &n.target,
        _ => expr,
    }
}

/// `hasattr(x, "a")`: a test that an attribute is held — `_is_hasattr` in summarize_guards.py.
fn is_hasattr(call: &ExprCall) -> bool {
    let args = &call.arguments.args;
    matches!(&*call.func, Expr::Name(n) if n.id.as_str() == "hasattr")
        && args.len() == 2
        && call.arguments.keywords.is_empty()
        && matches!(&args[1], Expr::StringLiteral(_))
}

/// (kind, parameter, constant) of one operand testing a parameter (not `*args` / `**kwargs`)
/// against a constant or `Name.MEMBER`: `p`, `not p`, `p is / is not / == / != <const>`,
/// `"key" in / not in p` — `_param_test` in summarize_guards.py.
/// `size <= 0`, `downloaded is False`: a parameter, or a local the function bound before the
/// test, compared to anything, which each call decides — `_compares_a_call_value` in
/// summarize_guards.py.
fn compares_a_call_value(node: &Expr, params: &[Param], locals: &IndexMap<String, Vec<V>>) -> bool {
    let Expr::Compare(c) = node else {
        return false;
    };
    let Expr::Name(n) = &*c.left else {
        return false;
    };
    // (`key not in _cache`, `cached is None`: what a memo asks)
    if c.ops
        .iter()
        .any(|op| matches!(op, CmpOp::In | CmpOp::NotIn))
        || c.comparators
            .iter()
            .any(|right| matches!(right, Expr::NoneLiteral(_)))
    {
        return false;
    }
    let name = n.id.as_str();
    if name == "self" || name == "cls" || clock_reading(name, params, locals, 2) {
        return false; // (`age = time.time() - self._at`: a stamp, no call decides it)
    }
    locals.contains_key(name) || params.iter().any(|p| p.name == name)
}

/// The calls that read the time (`time.monotonic()`, `datetime.now()`).
const CLOCKS: [&str; 7] = [
    "time",
    "time_ns",
    "monotonic",
    "monotonic_ns",
    "now",
    "utcnow",
    "today",
];

/// Whether every value the function gave local `name` so far reads the time, directly or
/// through another such local (`depth` levels) — `_clock_reading` in summarize_guards.py.
fn clock_reading(
    name: &str,
    params: &[Param],
    locals: &IndexMap<String, Vec<V>>,
    depth: u32,
) -> bool {
    let Some(values) = locals.get(name) else {
        return false;
    };
    if values.is_empty() || params.iter().any(|p| p.name == name) {
        return false;
    }
    values
        .iter()
        .all(|value| reads_a_clock(value, params, locals, depth))
}

fn reads_a_clock(
    value: &V,
    params: &[Param],
    locals: &IndexMap<String, Vec<V>>,
    depth: u32,
) -> bool {
    let mut stack = vec![value];
    while let Some(item) = stack.pop() {
        let Some(parts) = items(item) else {
            continue;
        };
        let Some(first) = parts.first() else {
            continue;
        };
        if text(first) == Some("call")
            && parts.len() > 1
            && called_name(&parts[1]).is_some_and(|n| CLOCKS.contains(&n))
        {
            return true;
        }
        if text(first) == Some("name") && depth > 1 {
            if let Some(local) = parts.get(1).and_then(text) {
                if clock_reading(local, params, locals, depth - 1) {
                    return true;
                }
            }
        }
        stack.extend(parts[1..].iter().filter(|part| items(part).is_some()));
    }
    false
}

/// The name a call's function is written with last (`monotonic` of `time.monotonic`).
fn called_name(func: &V) -> Option<&str> {
    let parts = items(func)?;
    match (parts.first().and_then(text), parts.len()) {
        (Some("attr"), 3) => text(&parts[2]),
        (Some("name"), 2) => text(&parts[1]),
        _ => None,
    }
}

/// (kind, the name the test is recorded under, constant or class as written) of a test.
pub type Fact<'a> = (&'static str, String, Option<&'a Expr>);

pub fn param_test<'a>(
    node: &'a Expr,
    params: &[Param],
    locals: &IndexMap<String, Vec<V>>,
) -> Option<Fact<'a>> {
    tested_value(node, params, locals, None, false)
}

/// `param_test`, and a test of an attribute of `own` (the instance a method is called on:
/// `if self.process:`) or of another parameter (`if config.screenshot:`):
/// `_param_test(…, attributes=True)` in summarize_guards.py. Its subject is recorded by
/// `tested_name`.
pub fn value_test<'a>(
    node: &'a Expr,
    params: &[Param],
    locals: &IndexMap<String, Vec<V>>,
    own: Option<&str>,
) -> Option<Fact<'a>> {
    tested_value(node, params, locals, own, true)
}

fn tested_value<'a>(
    node: &'a Expr,
    params: &[Param],
    locals: &IndexMap<String, Vec<V>>,
    own: Option<&str>,
    attributes: bool,
) -> Option<Fact<'a>> {
    let (kind, id, constant) = match type_test(node, locals) {
        Some(typed) => typed,
        None => {
            let (kind, name, constant) = test_shape(node)?;
            if let Expr::Attribute(a) = name {
                let Expr::Name(base) = &*a.value else {
                    return None;
                };
                let base = base.id.as_str();
                let read = attributes
                    && (Some(base) == own
                        || params
                            .iter()
                            .any(|p| p.name == base && (p.kind == "pos" || p.kind == "kwonly")));
                return read.then(|| (kind, tested_name(name), constant));
            }
            let Expr::Name(n) = name else { return None };
            (kind, n.id.to_string(), constant)
        }
    };
    let valued = match params.iter().find(|p| p.name == id) {
        Some(p) => p.kind == "pos" || p.kind == "kwonly",
        None if keyword_local(&id, params, locals) => true,
        None => return param_alias(&id, params, locals).map(|param| (kind, param, constant)),
    };
    valued.then_some((kind, id, constant))
}

/// The parameter a local is so far bound to alone (`client = http_client`): `_param_alias`
/// in summarize_guards.py.
fn param_alias(name: &str, params: &[Param], locals: &IndexMap<String, Vec<V>>) -> Option<String> {
    let [value] = locals.get(name)?.as_slice() else {
        return None;
    };
    let Some([tag, param]) = items(value) else {
        return None;
    };
    let param = text(param).filter(|_| text(tag) == Some("name"))?;
    if locals.contains_key(param) {
        return None;
    }
    params
        .iter()
        .any(|p| p.name == param && (p.kind == "pos" || p.kind == "kwonly"))
        .then(|| param.to_string())
}

/// `name` of a local bound so far only to `type(name)`: `_typed_name` in summarize_guards.py.
fn type_alias(values: &[V]) -> Option<&str> {
    let [value] = values else { return None };
    let Some([call, func, args, kwargs]) = items(value) else {
        return None;
    };
    let (Some([name_tag, called]), Some([arg])) = (items(func), items(args)) else {
        return None;
    };
    let Some([arg_tag, arg_name]) = items(arg) else {
        return None;
    };
    let plain = text(call) == Some("call")
        && items(kwargs).is_some_and(<[V]>::is_empty)
        && text(name_tag) == Some("name")
        && text(called) == Some("type")
        && text(arg_tag) == Some("name");
    if plain { text(arg_name) } else { None }
}

/// (kind, tested name, class) of `type(name) is C` (also `==`, `is not`, `!=`), or of `t is
/// C` where the local `t` is bound so far only to `type(name)`: `_type_test` in
/// summarize_guards.py.
fn type_test<'a>(node: &'a Expr, locals: &IndexMap<String, Vec<V>>) -> Option<Fact<'a>> {
    let Expr::Compare(c) = node else { return None };
    let ([op], [cls]) = (&*c.ops, &*c.comparators) else {
        return None;
    };
    let kind = match op {
        CmpOp::Is | CmpOp::Eq => "param type is",
        CmpOp::IsNot | CmpOp::NotEq => "param type is not",
        _ => return None,
    };
    if !matches!(cls, Expr::Name(_) | Expr::Attribute(_)) {
        return None;
    }
    match &*c.left {
        Expr::Name(n) => {
            let aliased = type_alias(locals.get(n.id.as_str())?)?;
            Some((kind, aliased.to_string(), Some(cls)))
        }
        Expr::Call(call)
            if matches!(&*call.func, Expr::Name(f) if f.id.as_str() == "type")
                && call.arguments.keywords.is_empty() =>
        {
            let [Expr::Name(subject)] = &*call.arguments.args else {
                return None;
            };
            Some((kind, subject.id.to_string(), Some(cls)))
        }
        _ => None,
    }
}

/// (`"flag true"` / `"flag false"`, the name) of `FLAG` / `not FLAG`, FLAG an upper-case
/// ASCII name that is not a parameter: `_flag_test` in summarize_guards.py.
pub fn flag_test<'a>(node: &'a Expr, params: &[Param]) -> Option<Fact<'a>> {
    let (kind, name) = match node {
        Expr::UnaryOp(u) if u.op == UnaryOp::Not => ("flag false", &*u.operand),
        _ => ("flag true", node),
    };
    let Expr::Name(n) = name else { return None };
    let id = n.id.as_str();
    (flag_name(id) && !params.iter().any(|p| p.name == id)).then(|| (kind, id.to_string(), None))
}

/// An upper-case ASCII name (`TESTING`, `FULL`): `upper_case_name` in summary.py.
fn flag_name(id: &str) -> bool {
    id.is_ascii()
        && id.bytes().any(|b| b.is_ascii_uppercase())
        && !id.bytes().any(|b| b.is_ascii_lowercase())
}

/// `name == "text"` / `name != "text"`, or `(not) isinstance(name, C)`, where `name` is not
/// a parameter (a local, a loop variable): `_local_test` in summarize_guards.py.
pub fn local_test<'a>(node: &'a Expr, params: &[Param]) -> Option<Fact<'a>> {
    if let Some(found) = local_instance_test(node, params) {
        return Some(found);
    }
    let Expr::Compare(c) = node else { return None };
    let ([op], [constant]) = (&*c.ops, &*c.comparators) else {
        return None;
    };
    let Expr::Name(n) = &*c.left else { return None };
    if !matches!(constant, Expr::StringLiteral(_)) || params.iter().any(|p| p.name == n.id.as_str())
    {
        return None;
    }
    let kind = match op {
        CmpOp::Eq => "local ==",
        CmpOp::NotEq => "local !=",
        _ => return None,
    };
    Some((kind, n.id.to_string(), Some(constant)))
}

/// `(not) isinstance(name, C)` of a name that is not a parameter: `_local_instance_test`.
fn local_instance_test<'a>(node: &'a Expr, params: &[Param]) -> Option<Fact<'a>> {
    let (kind, node) = match node {
        Expr::UnaryOp(u) if u.op == UnaryOp::Not => ("local not isinstance", &*u.operand),
        _ => ("local isinstance", node),
    };
    let (subject, classes) = instance_test(node)?;
    let Expr::Name(n) = subject else { return None };
    let id = n.id.as_str();
    (!params.iter().any(|p| p.name == id)).then(|| (kind, id.to_string(), Some(classes)))
}

/// The name a parameter test's subject is recorded under: the parameter's, or `self.attr`.
pub fn tested_name(name: &Expr) -> String {
    match name {
        Expr::Attribute(a) => match &*a.value {
            Expr::Name(n) => format!("{}.{}", n.id, a.attr),
            _ => String::new(),
        },
        Expr::Name(n) => n.id.to_string(),
        _ => String::new(),
    }
}

/// (kind, tested operand, constant) of one operand as written, before asking whether the
/// operand is a parameter.
fn test_shape(node: &Expr) -> Option<(&'static str, &Expr, Option<&Expr>)> {
    let shape = match (node, starts_with(node)) {
        (_, Some((name, prefix))) => ("param starts", name, Some(prefix)),
        (Expr::UnaryOp(u), _) if u.op == UnaryOp::Not => {
            match (starts_with(&u.operand), instance_test(&u.operand)) {
                (Some((name, prefix)), _) => ("param starts not", name, Some(prefix)),
                (None, Some((name, classes))) => ("param not isinstance", name, Some(classes)),
                (None, None) => ("param false", &*u.operand, None),
            }
        }
        (Expr::Call(_), _) if instance_test(node).is_some() => {
            let (name, classes) = instance_test(node)?;
            ("param isinstance", name, Some(classes))
        }
        // `"key" in p` / `"key" not in p`: the parameter is the right operand
        (Expr::Compare(c), _)
            if c.ops.len() == 1
                && matches!(c.ops[0], CmpOp::In | CmpOp::NotIn)
                && matches!(&*c.left, Expr::StringLiteral(_)) =>
        {
            let kind = if c.ops[0] == CmpOp::In {
                "param has"
            } else {
                "param has not"
            };
            (kind, &c.comparators[0], Some(&*c.left))
        }
        // `p in (None, "")` / `p not in (…)`: a literal of constants on the right
        (Expr::Compare(c), _)
            if c.ops.len() == 1
                && matches!(c.ops[0], CmpOp::In | CmpOp::NotIn)
                && matches!(&*c.left, Expr::Name(_))
                && constants(&c.comparators[0]) =>
        {
            let kind = if c.ops[0] == CmpOp::In {
                "param in"
            } else {
                "param not in"
            };
            (kind, &*c.left, Some(&c.comparators[0]))
        }
        (Expr::Compare(c), _) => {
            let right = &c.comparators[0];
            // `Name.MEMBER`, an upper-case name (`split != FULL`) or a member's value
            // (`KMS.AZURE.value`): _constant_or_member
            let member = matches!(right, Expr::Attribute(a) if matches!(*a.value, Expr::Name(_)))
                || matches!(right, Expr::Name(n) if flag_name(n.id.as_str()))
                || matches!(right, Expr::Attribute(a) if a.attr.as_str() == "value"
                    && matches!(&*a.value, Expr::Attribute(b) if matches!(*b.value, Expr::Name(_))));
            if c.ops.len() != 1 || !(is_constant(right) || member) {
                return None;
            }
            let kind = match c.ops[0] {
                CmpOp::Is => "param is",
                CmpOp::IsNot => "param is not",
                CmpOp::Eq => "param ==",
                CmpOp::NotEq => "param !=",
                _ => return None,
            };
            (kind, &*c.left, Some(&c.comparators[0]))
        }
        _ => ("param true", node, None),
    };
    Some(shape)
}

/// Whether `node` is a tuple, list or set literal of constants only: `_constants` in
/// summarize_guards.py.
fn constants(node: &Expr) -> bool {
    let elts = match node {
        Expr::Tuple(t) => &t.elts,
        Expr::List(l) => &l.elts,
        Expr::Set(s) => &s.elts,
        _ => return false,
    };
    !elts.is_empty() && elts.iter().all(is_constant)
}

/// `name.startswith("prefix")` (one string constant or a tuple of them, no keywords): the
/// name and the prefix; `_starts_with` in summarize_guards.py.
fn starts_with(node: &Expr) -> Option<(&Expr, &Expr)> {
    let Expr::Call(c) = node else { return None };
    let Expr::Attribute(a) = &*c.func else {
        return None;
    };
    let [prefix] = &*c.arguments.args else {
        return None;
    };
    let plain = c.arguments.keywords.is_empty() && a.attr.as_str() == "startswith";
    let texts = match prefix {
        Expr::StringLiteral(_) => true,
        Expr::Tuple(t) => {
            !t.elts.is_empty() && t.elts.iter().all(|e| matches!(e, Expr::StringLiteral(_)))
        }
        _ => false,
    };
    (plain && matches!(&*a.value, Expr::Name(_)) && texts).then_some((&*a.value, prefix))
}

/// (subject, classes) of `isinstance(subject, classes)`, two arguments and no keywords:
/// `_instance_test` in summarize_guards.py.
fn instance_test(node: &Expr) -> Option<(&Expr, &Expr)> {
    let Expr::Call(c) = node else { return None };
    let Expr::Name(f) = &*c.func else { return None };
    let [subject, classes] = &*c.arguments.args else {
        return None;
    };
    (f.id.as_str() == "isinstance" && c.arguments.keywords.is_empty()).then_some((subject, classes))
}

/// Whether local `name` is so far bound only to a keyword read from the function's own
/// `**kwargs` (`kwargs.pop("key", None)`): `_keyword_local` in summarize_guards.py.
fn keyword_local(name: &str, params: &[Param], locals: &IndexMap<String, Vec<V>>) -> bool {
    let Some(values) = locals.get(name).filter(|v| !v.is_empty()) else {
        return false;
    };
    let Some(own) = params.iter().find(|p| p.kind == "kwarg") else {
        return false;
    };
    values.iter().all(|v| reads_keyword(v, &own.name))
}

/// `own.pop("key")` / `own.get("key", default)`: `_reads_keyword` in summarize_guards.py.
fn reads_keyword(v: &V, own: &str) -> bool {
    let Some([call, func, args, kwargs]) = items(v) else {
        return false;
    };
    let (Some([attr, receiver, method]), Some(args)) = (items(func), items(args)) else {
        return false;
    };
    let Some([name_tag, receiver_name]) = items(receiver) else {
        return false;
    };
    text(call) == Some("call")
        && items(kwargs).is_some_and(<[V]>::is_empty)
        && text(attr) == Some("attr")
        && text(name_tag) == Some("name")
        && text(receiver_name) == Some(own)
        && matches!(text(method), Some("pop" | "get"))
        && (1..=2).contains(&args.len())
        && matches!(items(&args[0]), Some([t, k]) if text(t) == Some("const") && text(k).is_some())
}

fn items(v: &V) -> Option<&[V]> {
    match &**v {
        Val::Tuple(t) => Some(t),
        _ => None,
    }
}

fn text(v: &V) -> Option<&str> {
    match &**v {
        Val::Str(t) => Some(t),
        Val::Static(t) => Some(t),
        _ => None,
    }
}

/// The kind that holds when an operand of `or` is false (the next operand runs then).
pub fn negated(kind: &'static str) -> &'static str {
    match kind {
        "param true" => "param false",
        "param false" => "param true",
        "param is" => "param is not",
        "param is not" => "param is",
        "param ==" => "param !=",
        "param has" => "param has not",
        "param has not" => "param has",
        "param in" => "param not in",
        "param not in" => "param in",
        "param starts" => "param starts not",
        "param starts not" => "param starts",
        "param isinstance" => "param not isinstance",
        "param not isinstance" => "param isinstance",
        "param type is" => "param type is not",
        "param type is not" => "param type is",
        "local ==" => "local !=",
        "local !=" => "local ==",
        "local isinstance" => "local not isinstance",
        "local not isinstance" => "local isinstance",
        "flag true" => "flag false",
        "flag false" => "flag true",
        _ => "param ==",
    }
}
