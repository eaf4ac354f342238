//! The call-site walk over one expression (`_Summarizer.expr` in summarize.py): the same
//! explicit LIFO stack, children pushed in CPython's `_fields` order, so call sites come out
//! in the same order with the same `arg_of` indices.

use ruff_python_ast::{
    Comprehension, Expr, FStringPart, InterpolatedElement, InterpolatedStringElement,
    InterpolatedStringFormatSpec,
};

use crate::marshal::{tag, tuple};
use crate::model::CallSite;
use crate::refs::is_leaf;
use crate::summarize::Summarizer;

#[derive(Clone, Copy)]
enum Item<'a> {
    Expr(&'a Expr),
    Comprehension(&'a Comprehension),
    /// CPython's FormattedValue: fields value, conversion, format_spec.
    Formatted(&'a InterpolatedElement),
    /// A format spec: CPython's JoinedStr of constants and FormattedValues.
    Spec(&'a InterpolatedStringFormatSpec),
}

type Stack<'a> = Vec<(Item<'a>, i64, bool)>;

fn push_expr<'a>(stack: &mut Stack<'a>, e: &'a Expr, arg_of: i64) {
    if !is_leaf(e) {
        stack.push((Item::Expr(e), arg_of, false));
    }
}

fn push_formatted<'a>(stack: &mut Stack<'a>, elements: &'a [InterpolatedStringElement]) {
    for element in elements {
        if let InterpolatedStringElement::Interpolation(i) = element {
            stack.push((Item::Formatted(i), -1, false));
        }
    }
}

impl Summarizer<'_> {
    /// The calls an expression makes; those in an operand of a value's `and`/`or` run
    /// under the parameter tests before it (`walk_operands`), those in a conditional
    /// expression's branches under its test or its negation: `expr` in summarize.py.
    pub fn expr(&mut self, node: &Expr, f: usize, guard: i64, awaited: bool) {
        match node {
            Expr::BoolOp(_) => {
                self.walk_operands(node, f, guard);
            }
            Expr::If(i) => {
                let inner = self.if_test(&i.test, f, guard, None);
                self.expr(&i.body, f, inner, false);
                let otherwise = self.negation_guard(&i.test, f, guard);
                self.expr(&i.orelse, f, otherwise, false);
            }
            _ => self.walk(node, f, guard, awaited),
        }
    }

    pub fn walk(&mut self, node: &Expr, f: usize, guard: i64, awaited: bool) {
        if is_leaf(node) {
            return;
        }
        let mut stack: Stack = vec![(Item::Expr(node), -1, awaited)];
        while let Some((item, arg_of, is_awaited)) = stack.pop() {
            let n = match item {
                Item::Expr(n) => n,
                Item::Comprehension(c) => {
                    let iterated = self.ref_(&c.iter, f, 0);
                    self.m.func_arena[f].iterated.push(iterated);
                    push_expr(&mut stack, &c.target, -1);
                    push_expr(&mut stack, &c.iter, -1);
                    c.ifs.iter().for_each(|e| push_expr(&mut stack, e, -1));
                    continue;
                }
                Item::Formatted(i) => {
                    push_expr(&mut stack, &i.expression, -1);
                    if let Some(spec) = &i.format_spec {
                        stack.push((Item::Spec(spec), -1, false));
                    }
                    continue;
                }
                Item::Spec(spec) => {
                    push_formatted(&mut stack, &spec.elements);
                    continue;
                }
            };
            match n {
                Expr::Call(c) => {
                    let index = self.m.func_arena[f].calls.len() as i64;
                    let func = self.ref_(&c.func, f, 0);
                    let args = self.refs_of(c.arguments.args.iter(), f, 0);
                    let kwargs = self.kwargs(&c.arguments.keywords, f, 0);
                    let (line, col) = self.pos(c.range_start);
                    self.m.func_arena[f].calls.push(CallSite {
                        line,
                        col,
                        func,
                        args,
                        kwargs,
                        awaited: is_awaited,
                        guard,
                        arg_of,
                        is_with: false,
                    });
                    push_expr(&mut stack, &c.func, -1);
                    c.arguments
                        .args
                        .iter()
                        .for_each(|a| push_expr(&mut stack, a, index));
                    c.arguments
                        .keywords
                        .iter()
                        .for_each(|k| push_expr(&mut stack, &k.value, index));
                }
                Expr::Attribute(a) => push_expr(&mut stack, &a.value, -1),
                Expr::Await(a) => stack.push((Item::Expr(&a.value), arg_of, true)),
                Expr::Yield(y) => {
                    self.m.func_arena[f].is_generator = true;
                    self.m.func_arena[f].yields.push(y.range.start());
                    if let Some(value) = &y.value {
                        let r = self.ref_(value, f, 0);
                        self.m.func_arena[f].yield_values.push(r);
                        stack.push((Item::Expr(value), -1, false));
                    }
                }
                Expr::YieldFrom(y) => {
                    self.m.func_arena[f].is_generator = true;
                    self.m.func_arena[f].yields.push(y.range.start());
                    let r = self.ref_(&y.value, f, 0);
                    self.m.func_arena[f]
                        .yield_values
                        .push(tuple(vec![tag("iter"), r]));
                    stack.push((Item::Expr(&y.value), -1, false));
                }
                Expr::Lambda(l) => self.lambdadef(l, f),
                Expr::Named(named) => {
                    if let Expr::Name(target) = &*named.target {
                        let r = self.ref_(&named.value, f, 0);
                        self.bind(target.id.as_str(), r, f, None);
                    }
                    stack.push((Item::Expr(&named.value), arg_of, false));
                }
                Expr::BoolOp(b) => b.values.iter().for_each(|e| push_expr(&mut stack, e, -1)),
                Expr::BinOp(b) => {
                    push_expr(&mut stack, &b.left, -1);
                    push_expr(&mut stack, &b.right, -1);
                }
                Expr::UnaryOp(u) => push_expr(&mut stack, &u.operand, -1),
                // (a conditional expression inside another: its branches run under its
                // test, as a whole statement's do)
                Expr::If(_) => self.expr(n, f, guard, false),
                Expr::Dict(d) => {
                    for item in &d.items {
                        if let Some(k) = &item.key {
                            push_expr(&mut stack, k, -1);
                        }
                    }
                    d.items
                        .iter()
                        .for_each(|item| push_expr(&mut stack, &item.value, -1));
                }
                Expr::Set(st) => st.elts.iter().for_each(|e| push_expr(&mut stack, e, -1)),
                Expr::List(l) => l.elts.iter().for_each(|e| push_expr(&mut stack, e, -1)),
                Expr::Tuple(t) => t.elts.iter().for_each(|e| push_expr(&mut stack, e, -1)),
                Expr::ListComp(c) => self.comprehension(&mut stack, &c.elt, None, &c.generators),
                Expr::SetComp(c) => self.comprehension(&mut stack, &c.elt, None, &c.generators),
                Expr::Generator(c) => self.comprehension(&mut stack, &c.elt, None, &c.generators),
                Expr::DictComp(c) => match &c.key {
                    Some(key) => self.comprehension(&mut stack, key, Some(&c.value), &c.generators),
                    None => self.decline("dict comprehension without a key"),
                },
                Expr::Compare(c) => {
                    push_expr(&mut stack, &c.left, -1);
                    c.comparators
                        .iter()
                        .for_each(|e| push_expr(&mut stack, e, -1));
                }
                Expr::FString(fs) => {
                    for part in fs.value.iter() {
                        if let FStringPart::FString(inner) = part {
                            push_formatted(&mut stack, &inner.elements);
                        }
                    }
                }
                Expr::Subscript(sub) => {
                    push_expr(&mut stack, &sub.value, -1);
                    push_expr(&mut stack, &sub.slice, -1);
                }
                Expr::Starred(st) => push_expr(&mut stack, &st.value, arg_of),
                Expr::Slice(sl) => {
                    for part in [&sl.lower, &sl.upper, &sl.step].into_iter().flatten() {
                        push_expr(&mut stack, part, -1);
                    }
                }
                // t-strings (3.14): CPython's `TemplateStr` holds `Interpolation`s, walked
                // like an f-string's replacement fields
                Expr::TString(ts) => {
                    for part in ts.value.iter() {
                        push_formatted(&mut stack, &part.elements);
                    }
                }
                Expr::IpyEscapeCommand(_) => self.decline("IPython escape"),
                _ => {} // names and constants: nothing to visit
            }
        }
    }

    fn comprehension<'a>(
        &mut self,
        stack: &mut Stack<'a>,
        first: &'a Expr,
        second: Option<&'a Expr>,
        generators: &'a [Comprehension],
    ) {
        push_expr(stack, first, -1);
        if let Some(e) = second {
            push_expr(stack, e, -1);
        }
        for g in generators {
            stack.push((Item::Comprehension(g), -1, false));
        }
    }
}
