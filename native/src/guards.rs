//! The tests code runs under, as written: `_guard_subjects` / `_cached_subject` in
//! summarize.py. Whether one is a memo guard is the rules' judgement, not the summary's.

use crate::model::Param;
use ruff_python_ast::comparable::ComparableExpr;
use ruff_python_ast::{BoolOp, CmpOp, Expr, Stmt, UnaryOp};

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
/// `X == None`, `not X`, `key not in X` (the only one with a key).
pub fn guard_subjects(test: &Expr) -> Vec<(&'static str, &Expr, Option<&Expr>)> {
    let single = std::slice::from_ref(test);
    let nodes: &[Expr] = match test {
        Expr::BoolOp(b) => &b.values,
        _ => single,
    };
    let mut out = Vec::new();
    for node in nodes {
        match node {
            Expr::UnaryOp(u) if u.op == UnaryOp::Not => out.push(("not", &*u.operand, None)),
            Expr::Compare(c)
                if c.ops.iter().zip(c.comparators.iter()).any(|(op, right)| {
                    *op == CmpOp::NotIn
                        || (matches!(op, CmpOp::Is | CmpOp::Eq)
                            && matches!(right, Expr::NoneLiteral(_)))
                }) =>
            {
                if *c.ops.last().unwrap() == CmpOp::NotIn {
                    let n = c.comparators.len();
                    let key = if n > 1 { &c.comparators[n - 2] } else { &*c.left };
                    out.push(("not in", &c.comparators[n - 1], Some(key)));
                } else {
                    out.push(("is None", &*c.left, None));
                }
            }
            _ => {}
        }
    }
    out
}

/// X of `if X: return` (no value, or `None`; no `else`) or `if X and not p: return` —
/// `_done_flag` in summarize_guards.py.
pub fn done_flag<'a>(test: &'a Expr, body: &[Stmt], has_else: bool) -> Option<&'a Expr> {
    if has_else {
        return None;
    }
    match body.last() {
        Some(Stmt::Return(r)) => match &r.value {
            None => {}
            Some(v) if matches!(**v, Expr::NoneLiteral(_)) => {}
            _ => return None,
        },
        _ => return None,
    }
    let mut flag = test;
    if let Expr::BoolOp(b) = test
        && b.op == BoolOp::And
    {
        let (first, rest) = b.values.split_first()?;
        let all_negated_names = rest.iter().all(|r| {
            matches!(r, Expr::UnaryOp(u) if u.op == UnaryOp::Not && matches!(*u.operand, Expr::Name(_)))
        });
        if !all_negated_names {
            return None;
        }
        flag = first;
    }
    match flag {
        Expr::Name(_) | Expr::Attribute(_) | Expr::Subscript(_) => Some(flag),
        Expr::Call(c) if matches!(&*c.func, Expr::Attribute(a) if a.attr.as_str() == "get") => {
            Some(flag)
        }
        _ => None,
    }
}

/// X of `if X is not <const>: return …` / `if key in X: return …` / `if X: return …`.
pub fn cached_subject<'a>(test: &'a Expr, body: &[Stmt]) -> Option<&'a Expr> {
    let returned = match body.last() {
        Some(Stmt::Return(r)) => match &r.value {
            Some(v) if !matches!(**v, Expr::NoneLiteral(_)) => v,
            _ => return None, // a bare exit: `done_flag`
        },
        _ => return None,
    };
    if let Expr::BoolOp(b) = test
        && b.op == BoolOp::And
    {
        // `if s is not None and not s.closed: return s` (returned as it is held)
        let subject = held(b.values.first()?)?;
        return (ComparableExpr::from(&**returned) == ComparableExpr::from(subject))
            .then_some(subject);
    }
    held(test)
}

/// X of a test that X holds something: `X is not <const>`, `key in X`, `X` (`_held`).
fn held(test: &Expr) -> Option<&Expr> {
    match test {
        Expr::Compare(c) => match c.ops[0] {
            CmpOp::IsNot if is_constant(&c.comparators[0]) => Some(&*c.left),
            CmpOp::In => Some(&c.comparators[0]),
            _ => None,
        },
        t @ (Expr::Name(_) | Expr::Attribute(_) | Expr::Subscript(_)) => Some(t),
        _ => None,
    }
}


/// (kind, parameter, constant) of one operand testing a parameter (not `*args` / `**kwargs`)
/// against a constant: `p`, `not p`, `p is / is not / == / != <const>`, `"key" in / not in
/// p` — `_param_test` in summarize_guards.py.
pub fn param_test<'a>(
    node: &'a Expr,
    params: &[Param],
) -> Option<(&'static str, &'a Expr, Option<&'a Expr>)> {
    let (kind, name, constant) = match node {
        Expr::UnaryOp(u) if u.op == UnaryOp::Not => ("param false", &*u.operand, None),
        // `"key" in p` / `"key" not in p`: the parameter is the right operand
        Expr::Compare(c)
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
        Expr::Compare(c) => {
            if c.ops.len() != 1 || !is_constant(&c.comparators[0]) {
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
    match name {
        Expr::Name(n)
            if params
                .iter()
                .any(|p| p.name == n.id.as_str() && (p.kind == "pos" || p.kind == "kwonly")) =>
        {
            Some((kind, name, constant))
        }
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
        _ => "param ==",
    }
}
