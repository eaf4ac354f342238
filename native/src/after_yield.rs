//! `FuncDef.after_yield`: the lines of what runs after a `yield` on its path (`after_yield`
//! in summarize.py, the reference; the same walk, with ruff's `elif` clauses read as
//! CPython's `If` nested alone in an `orelse`).

use ruff_python_ast::{ExceptHandler, Expr, Stmt, StmtFor, StmtWhile};
use ruff_text_size::{Ranged, TextSize};

use crate::summarize::Summarizer;

#[derive(Clone, Copy, PartialEq)]
enum Role {
    Top,
    Body,
    Handler,
    Else,
    Finally,
    Case,
}

/// The suites a compound statement holds, in source order, each with its role (`_suites`).
fn suites(s: &Stmt) -> Vec<(Role, &[Stmt])> {
    match s {
        Stmt::If(i) => std::iter::once((Role::Body, &i.body[..]))
            .chain(
                i.elif_else_clauses
                    .iter()
                    .map(|c| (Role::Else, &c.body[..])),
            )
            .collect(),
        Stmt::With(w) => vec![(Role::Body, &w.body[..])],
        Stmt::For(f) => vec![(Role::Body, &f.body[..]), (Role::Else, &f.orelse[..])],
        Stmt::While(w) => vec![(Role::Body, &w.body[..]), (Role::Else, &w.orelse[..])],
        Stmt::Try(t) => {
            let mut out = vec![(Role::Body, &t.body[..])];
            for handler in &t.handlers {
                let ExceptHandler::ExceptHandler(h) = handler;
                out.push((Role::Handler, &h.body[..]));
            }
            out.push((Role::Else, &t.orelse[..]));
            out.push((Role::Finally, &t.finalbody[..]));
            out
        }
        Stmt::Match(m) => m.cases.iter().map(|c| (Role::Case, &c.body[..])).collect(),
        _ => Vec::new(), // a simple statement, or a `def`/`class` (another scope)
    }
}

/// Whether only an error at the `yield` (statement `index` of a `try` body) or after it
/// reaches the `try`'s handlers (`_opens`): the `yield` opens the body, or follows only the
/// assignment of the name it yields (`db = SessionLocal()`, `yield db`).
fn opens(suite: &[Stmt], index: usize) -> bool {
    if index == 0 {
        return true;
    }
    if index != 1 {
        return false;
    }
    let target = match &suite[0] {
        Stmt::Assign(a) if a.targets.len() == 1 => &a.targets[0],
        Stmt::AnnAssign(a) if a.value.is_some() => &*a.target,
        _ => return false,
    };
    let Stmt::Expr(statement) = &suite[1] else {
        return false;
    };
    let Expr::Yield(y) = &*statement.value else {
        return false;
    };
    match (target, y.value.as_deref()) {
        (Expr::Name(t), Some(Expr::Name(v))) => t.id == v.id,
        _ => false,
    }
}

fn holds(node: &impl Ranged, at: TextSize) -> bool {
    node.start() <= at && at < node.end()
}

struct Step<'a> {
    suite: &'a [Stmt],
    index: usize,
    role: Role,
}

impl Summarizer<'_> {
    /// The merged line ranges after the `yield`s at `yields` of the function body `body`.
    pub fn after_yield(&self, body: &[Stmt], yields: &[TextSize]) -> Vec<(i64, i64)> {
        let mut ranges = Vec::new();
        for &at in yields {
            self.after_one(body, at, &mut ranges);
        }
        ranges.sort_unstable();
        let mut merged: Vec<(i64, i64)> = Vec::with_capacity(ranges.len());
        for (first, last) in ranges {
            match merged.last_mut() {
                Some(prev) if first <= prev.1 + 1 => prev.1 = prev.1.max(last),
                _ => merged.push((first, last)),
            }
        }
        merged
    }

    fn line(&self, offset: TextSize) -> i64 {
        self.pos(offset).0
    }

    fn suite_lines(&self, suite: &[Stmt]) -> (i64, i64) {
        (
            self.line(suite[0].start()),
            self.line(suite[suite.len() - 1].end()),
        )
    }

    fn after_one(&self, body: &[Stmt], at: TextSize, out: &mut Vec<(i64, i64)>) {
        let mut path: Vec<Step> = Vec::new();
        let (mut suite, mut role) = (body, Role::Top);
        while let Some(index) = suite.iter().position(|s| holds(s, at)) {
            path.push(Step { suite, index, role });
            let s = &suite[index];
            let inner: Vec<_> = suites(s)
                .into_iter()
                .filter(|(_, b)| !b.is_empty())
                .collect();
            let found = inner
                .iter()
                .find(|(_, b)| b[0].start() <= at && at < b[b.len() - 1].end());
            match found {
                Some(&(r, b)) => (role, suite) = (r, b),
                None => {
                    // in the header (`if (yield):`, `elif (yield):`): what it holds runs after
                    if let Some((_, first_suite)) = inner.first() {
                        let first = match s {
                            Stmt::If(i) => i
                                .elif_else_clauses
                                .iter()
                                .find(|c| holds(&c.range, at))
                                .map_or(&i.body[0], |c| &c.body[0]),
                            _ => &first_suite[0],
                        };
                        out.push((self.line(first.start()), self.line(s.end())));
                    }
                    break;
                }
            }
        }
        // a `return`/`raise` ended the path: only the enclosing `finally` blocks still run
        let mut stopped = false;
        for k in (0..path.len()).rev() {
            let step = &path[k];
            if !stopped {
                if step.index + 1 < step.suite.len() {
                    out.push(self.suite_lines(&step.suite[step.index + 1..]));
                }
                stopped = matches!(step.suite.last(), Some(Stmt::Return(_) | Stmt::Raise(_)));
            }
            if k == 0 {
                break;
            }
            let owner = &path[k - 1].suite[path[k - 1].index];
            match owner {
                Stmt::Try(t) => {
                    if step.role == Role::Body && opens(step.suite, step.index) {
                        for handler in &t.handlers {
                            let ExceptHandler::ExceptHandler(h) = handler;
                            out.push(self.suite_lines(&h.body));
                        }
                    }
                    if step.role == Role::Body && !stopped && !t.orelse.is_empty() {
                        out.push(self.suite_lines(&t.orelse));
                    }
                    if step.role != Role::Finally && !t.finalbody.is_empty() {
                        out.push(self.suite_lines(&t.finalbody));
                    }
                }
                Stmt::For(StmtFor { orelse, .. }) | Stmt::While(StmtWhile { orelse, .. })
                    if step.role == Role::Body && !stopped && !orelse.is_empty() =>
                {
                    out.push(self.suite_lines(orelse));
                }
                _ => {}
            }
        }
    }
}
