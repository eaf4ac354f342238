//! The names a module hands on as values (summarize_names.py, whose docstring says why):
//! every name and attribute's name read anywhere, except as a call's callee, an attribute's or
//! a subscript's base, or an operand. Sorted, as Python's `sorted` orders them.

use std::collections::BTreeSet;

use ruff_python_ast::visitor::{Visitor, walk_expr};
use ruff_python_ast::{Expr, Stmt};

#[derive(Default)]
struct ValueNames<'a> {
    names: BTreeSet<&'a str>,
}

impl<'a> ValueNames<'a> {
    /// An expression whose own value is only read here: its name is not recorded, what it
    /// holds (a call's arguments, a subscript's index) is walked as usual.
    fn read(&mut self, e: &'a Expr) {
        match e {
            Expr::Name(_) => {}
            Expr::Attribute(a) => self.read(&a.value),
            _ => self.visit_expr(e),
        }
    }
}

impl<'a> Visitor<'a> for ValueNames<'a> {
    fn visit_expr(&mut self, e: &'a Expr) {
        match e {
            Expr::Name(n) => {
                if n.ctx.is_load() {
                    self.names.insert(n.id.as_str());
                }
            }
            Expr::Attribute(a) => {
                if a.ctx.is_load() {
                    self.names.insert(a.attr.as_str());
                }
                self.read(&a.value);
            }
            Expr::Call(c) => {
                self.read(&c.func);
                self.visit_arguments(&c.arguments);
            }
            Expr::Subscript(s) => {
                self.read(&s.value);
                self.visit_expr(&s.slice);
            }
            Expr::BinOp(b) => {
                self.read(&b.left);
                self.read(&b.right);
            }
            Expr::UnaryOp(u) => self.read(&u.operand),
            Expr::Compare(c) => {
                self.read(&c.left);
                c.comparators.iter().for_each(|x| self.read(x));
            }
            _ => walk_expr(self, e),
        }
    }
}

pub fn value_names(body: &[Stmt]) -> Vec<String> {
    let mut visitor = ValueNames::default();
    body.iter().for_each(|s| visitor.visit_stmt(s));
    visitor.names.into_iter().map(str::to_owned).collect()
}
