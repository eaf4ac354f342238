//! Syntax ruff's parser accepts but CPython's `ast.parse` rejects (found by comparing both on
//! a list of edge cases; see tests/test_check_native.py). Such a file goes back to Python,
//! which reports CPython's own error.

use ruff_python_ast::token::{TokenKind, Tokens};
use ruff_python_ast::visitor::{self, Visitor};
use ruff_python_ast::{Expr, FString, InterpolatedStringElement, Stmt};

/// How deep the native path lets a tree nest. Deep trees fail in CPython in ways that depend on
/// the construct and on the recursion limit — the parser's stack (`lambda` costs ~17 levels of
/// it per nesting), the AST's conversion to Python objects, and summarize.py's own recursion
/// (~3 Python frames per nested statement, 2 per `elif` in a chain, 2 per nested lambda) — so
/// anything near those limits goes to Python, which reports exactly what CPython does.
/// Ordinary code stays far below both bounds (litellm's deepest: an `elif` chain of ~130).
const MAX_EXPR_DEPTH: usize = 100; // nested expression nodes within one statement
const MAX_FRAMES: usize = 450; // summarize.py frames, estimated as above

/// Why CPython would reject a module ruff parsed without errors, if it would.
pub fn cpython_rejects(tokens: &Tokens, body: &[Stmt]) -> Option<&'static str> {
    let (mut depth, mut indents) = (0usize, 0usize);
    let mut fstrings = false;
    for token in tokens.iter() {
        match token.kind() {
            TokenKind::Indent => {
                indents += 1;
                if indents > 90 {
                    return Some("deep indentation"); // CPython stops at 100 levels
                }
            }
            TokenKind::Dedent => indents = indents.saturating_sub(1),
            TokenKind::Lpar | TokenKind::Lsqb | TokenKind::Lbrace => {
                depth += 1;
                if depth > 150 {
                    // CPython's tokenizer stops at 200 ("too many nested parentheses"); braces
                    // inside f-strings are counted here too, which only errs on the safe side
                    return Some("deep nesting");
                }
            }
            TokenKind::Rpar | TokenKind::Rsqb | TokenKind::Rbrace => {
                depth = depth.saturating_sub(1)
            }
            TokenKind::FStringStart => fstrings = true,
            _ => {}
        }
    }
    let mut depth = NestingDepth {
        frames: 0,
        expr_depth: 0,
        too_deep: false,
    };
    depth.visit_body(body);
    if depth.too_deep {
        return Some("deep nesting"); // see MAX_FRAMES
    }
    if fstrings {
        let mut rules = FStringRules { broken: false };
        rules.visit_body(body);
        if rules.broken {
            return Some("f-string CPython rejects");
        }
    }
    None
}

/// `f"{*x}"` ("can't use starred expression here") and replacement fields in the format
/// spec of a format spec (`f"{x:{y:{z}}}"`: "expressions nested too deeply").
struct FStringRules {
    broken: bool,
}

impl FStringRules {
    fn element(&mut self, element: &InterpolatedStringElement, spec_depth: usize) {
        if let InterpolatedStringElement::Interpolation(i) = element {
            if spec_depth >= 2 || matches!(*i.expression, Expr::Starred(_)) {
                self.broken = true;
            }
            self.visit_expr(&i.expression);
            if let Some(spec) = &i.format_spec {
                for inner in spec.elements.iter() {
                    self.element(inner, spec_depth + 1);
                }
            }
        }
    }
}

impl<'a> Visitor<'a> for FStringRules {
    fn visit_f_string(&mut self, f_string: &'a FString) {
        for element in f_string.elements.iter() {
            self.element(element, 0);
        }
    }

    fn visit_expr(&mut self, expr: &'a Expr) {
        if !self.broken {
            visitor::walk_expr(self, expr);
        }
    }
}

/// Whether the tree nests beyond `MAX_EXPR_DEPTH` / `MAX_FRAMES` (stops descending once it
/// does, so this walk's own recursion stays shallow).
struct NestingDepth {
    frames: usize,
    expr_depth: usize,
    too_deep: bool,
}

impl NestingDepth {
    fn check(&mut self) -> bool {
        self.too_deep |= self.frames > MAX_FRAMES || self.expr_depth > MAX_EXPR_DEPTH;
        !self.too_deep
    }
}

impl<'a> Visitor<'a> for NestingDepth {
    fn visit_stmt(&mut self, stmt: &'a Stmt) {
        let (frames, expr_depth) = (self.frames, self.expr_depth);
        self.frames += 3;
        self.expr_depth = 0;
        if self.check() {
            match stmt {
                Stmt::If(i) => {
                    self.visit_expr(&i.test);
                    self.visit_body(&i.body);
                    for clause in &i.elif_else_clauses {
                        self.frames += 2; // CPython nests each `elif` in the previous `orelse`
                        if !self.check() {
                            break;
                        }
                        if let Some(test) = &clause.test {
                            self.visit_expr(test);
                        }
                        self.visit_body(&clause.body);
                    }
                }
                _ => visitor::walk_stmt(self, stmt),
            }
        }
        (self.frames, self.expr_depth) = (frames, expr_depth);
    }

    fn visit_expr(&mut self, expr: &'a Expr) {
        let frames = self.frames;
        self.expr_depth += 1;
        if matches!(expr, Expr::Lambda(_)) {
            self.frames += 2;
        }
        if self.check() {
            visitor::walk_expr(self, expr);
        }
        self.expr_depth -= 1;
        self.frames = frames;
    }
}
