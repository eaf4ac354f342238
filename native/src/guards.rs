//! Lazy-singleton guards, as `_guard_subject_is_shared` / `_returns_cached` in summarize.py.

use ruff_python_ast::{CmpOp, Expr, Stmt, StmtIf, UnaryOp};

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

/// `x.a[b].c()` → `x`: through attributes, subscripts and calls.
fn root(mut subject: &Expr) -> &Expr {
    loop {
        subject = match subject {
            Expr::Call(c) => &c.func,
            Expr::Attribute(a) => &a.value,
            Expr::Subscript(s) => &s.value,
            _ => return subject,
        };
    }
}

fn is_shared_name(subject: &Expr) -> bool {
    matches!(root(subject), Expr::Name(n) if n.id.as_str() != "self")
}

pub fn guard_subject_is_shared(test: &Expr) -> bool {
    let single = [];
    let nodes: &[Expr] = match test {
        Expr::BoolOp(b) => &b.values,
        _ => &single,
    };
    let check = |node: &Expr| -> bool {
        let subject = match node {
            Expr::UnaryOp(u) if u.op == UnaryOp::Not => &*u.operand,
            Expr::Compare(c)
                if c.ops.iter().zip(c.comparators.iter()).any(|(op, right)| {
                    *op == CmpOp::NotIn
                        || (matches!(op, CmpOp::Is | CmpOp::Eq)
                            && matches!(right, Expr::NoneLiteral(_)))
                }) =>
            {
                if *c.ops.last().unwrap() == CmpOp::NotIn {
                    c.comparators.last().unwrap()
                } else {
                    &*c.left
                }
            }
            _ => return false,
        };
        is_shared_name(subject)
    };
    if matches!(test, Expr::BoolOp(_)) {
        nodes.iter().any(check)
    } else {
        check(test)
    }
}

pub fn returns_cached(node: &StmtIf) -> bool {
    match node.body.last() {
        Some(Stmt::Return(r)) if r.value.is_some() => {}
        _ => return false,
    }
    let subject = match &*node.test {
        Expr::Compare(c) => match c.ops[0] {
            CmpOp::IsNot if is_constant(&c.comparators[0]) => &*c.left,
            CmpOp::In => &c.comparators[0],
            _ => return false,
        },
        t @ (Expr::Name(_) | Expr::Attribute(_) | Expr::Subscript(_)) => t,
        _ => return false,
    };
    is_shared_name(subject)
}
