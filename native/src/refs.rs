//! Expressions → refs (`_Summarizer.ref` / `_ref` / `ann` / `_constant` in summarize.py):
//! the same depth cap, the same memoisation by node identity (first computation wins, even
//! a truncated one), the same truncations.

use ruff_python_ast::{
    ConversionFlag, Expr, ExprFString, FStringPart, InterpolatedStringElement, Keyword, Number,
    Operator,
};

use crate::guards::is_constant;
use crate::marshal::{V, Val, boolean, none, s, tag, tuple};
use crate::summarize::Summarizer;

const MAX_DEPTH: u32 = 40;
const MAX_ITEMS: usize = 64;
const MAX_FORMATTED: usize = 8; // the values an f-string formats, as for `boolop`
const MAX_STR: usize = 160;

/// CPython's operator class names (`type(op).__name__`).
fn operator_name(op: Operator) -> &'static str {
    match op {
        Operator::Add => "Add",
        Operator::Sub => "Sub",
        Operator::Mult => "Mult",
        Operator::MatMult => "MatMult",
        Operator::Div => "Div",
        Operator::Mod => "Mod",
        Operator::Pow => "Pow",
        Operator::LShift => "LShift",
        Operator::RShift => "RShift",
        Operator::BitOr => "BitOr",
        Operator::BitXor => "BitXor",
        Operator::BitAnd => "BitAnd",
        Operator::FloorDiv => "FloorDiv",
    }
}

/// Leaves of the expression walk: names and constants never contain a call.
pub fn is_leaf(e: &Expr) -> bool {
    matches!(e, Expr::Name(_)) || is_constant(e)
}

fn repeats_a_name(keywords: &[Keyword]) -> bool {
    let names: Vec<&str> = keywords
        .iter()
        .filter_map(|k| k.arg.as_ref().map(|a| a.as_str()))
        .collect();
    names
        .iter()
        .enumerate()
        .any(|(i, name)| names[..i].contains(name))
}

impl Summarizer<'_> {
    pub fn const_none(&mut self) -> V {
        let r = tuple(vec![tag("const"), none()]);
        self.conser.cons(r)
    }

    /// A string constant's value, cut as `_constant` cuts it.
    fn text(&mut self, text: &str) -> V {
        if self.surrogate_escapes && text.contains('\u{fffd}') {
            self.decline("surrogate escape"); // see source::Escapes
        }
        let cut = text
            .char_indices()
            .nth(MAX_STR)
            .map_or(text.len(), |(i, _)| i);
        self.strings.s(&text[..cut])
    }

    fn constant(&mut self, e: &Expr) -> V {
        let value = match e {
            Expr::StringLiteral(lit) => self.text(lit.value.to_str()),
            Expr::NumberLiteral(n) => match &n.value {
                Number::Int(i) => match i.as_i64() {
                    Some(small) => V::new(Val::Int(small)),
                    None => V::new(Val::BigInt(i.to_string())),
                },
                Number::Float(f) => V::new(Val::Float(*f)),
                Number::Complex { .. } => return self.unknown.clone(),
            },
            Expr::BooleanLiteral(b) => boolean(b.value),
            Expr::NoneLiteral(_) => none(),
            _ => return self.unknown.clone(), // bytes, Ellipsis
        };
        self.conser.cons(tuple(vec![tag("const"), value]))
    }

    pub fn ref_opt(&mut self, node: Option<&Expr>, f: usize, depth: u32) -> V {
        match node {
            None => self.const_none(),
            Some(e) => self.ref_(e, f, depth),
        }
    }

    /// `("name", id)`, one shared value per name.
    pub fn name_ref(&mut self, id: &str) -> V {
        if let Some(r) = self.names.get(id) {
            return r.clone();
        }
        let r = tuple(vec![tag("name"), self.strings.s(id)]);
        self.names.insert(id.to_string(), r.clone());
        r
    }

    pub fn ref_(&mut self, node: &Expr, f: usize, depth: u32) -> V {
        if depth > MAX_DEPTH {
            return self.unknown.clone();
        }
        if let Expr::Name(n) = node {
            return self.name_ref(n.id.as_str());
        }
        if is_constant(node) {
            return self.constant(node);
        }
        let key = node as *const Expr as usize;
        if let Some(r) = self.refs.get(&key) {
            return r.clone();
        }
        let r = self.ref_inner(node, f, depth + 1);
        let r = self.conser.cons(r);
        self.refs.insert(key, r.clone());
        r
    }

    pub fn refs_of<'e>(&mut self, nodes: impl Iterator<Item = &'e Expr>, f: usize, d: u32) -> V {
        let items = nodes.map(|e| self.ref_(e, f, d)).collect();
        self.conser.cons(tuple(items))
    }

    /// A call's keyword arguments: `((name | None, ref), ...)`, shared like refs. A name
    /// given twice is a syntax error of CPython's compiler that ruff's parser accepts: the file
    /// is declined, and Python's summariser gives the reason (summarize.py `_keywords`).
    pub fn kwargs(&mut self, keywords: &[Keyword], f: usize, d: u32) -> V {
        if keywords.len() > 1 && repeats_a_name(keywords) {
            self.decline("syntax error");
        }
        let items = keywords
            .iter()
            .map(|k| {
                let arg = self.strings.opt(k.arg.as_ref().map(|a| a.as_str()));
                let value = self.ref_(&k.value, f, d);
                self.conser.cons(tuple(vec![arg, value]))
            })
            .collect();
        self.conser.cons(tuple(items))
    }

    fn ref_inner(&mut self, node: &Expr, f: usize, d: u32) -> V {
        match node {
            Expr::Attribute(a) => {
                let base = self.ref_(&a.value, f, d);
                tuple(vec![tag("attr"), base, self.strings.s(a.attr.as_str())])
            }
            Expr::Call(c) => {
                let func = self.ref_(&c.func, f, d);
                let args = self.refs_of(c.arguments.args.iter(), f, d);
                let kwargs = self.kwargs(&c.arguments.keywords, f, d);
                tuple(vec![tag("call"), func, args, kwargs])
            }
            Expr::Await(a) => tuple(vec![tag("await"), self.ref_(&a.value, f, d)]),
            Expr::Subscript(sub) => {
                let base = self.ref_(&sub.value, f, d);
                let items = match &*sub.slice {
                    Expr::Tuple(t) => self.refs_of(t.elts.iter(), f, d),
                    index => self.refs_of(std::iter::once(index), f, d),
                };
                tuple(vec![tag("sub"), base, items])
            }
            Expr::List(l) => self.list_ref(&l.elts, f, d),
            Expr::Tuple(t) => self.list_ref(&t.elts, f, d),
            Expr::Set(st) => self.list_ref(&st.elts, f, d),
            Expr::Dict(dict) => {
                let items = dict
                    .items
                    .iter()
                    .take(MAX_ITEMS)
                    .map(|item| {
                        let k = self.ref_opt(item.key.as_ref(), f, d);
                        let value = self.ref_(&item.value, f, d);
                        self.conser.cons(tuple(vec![k, value]))
                    })
                    .collect();
                let items = self.conser.cons(tuple(items));
                tuple(vec![tag("dict"), items])
            }
            Expr::Lambda(l) => {
                let qn = self.lambda_qn(l, f);
                tuple(vec![tag("lambda"), s(&qn)])
            }
            Expr::BinOp(b) => {
                let left = self.ref_(&b.left, f, d);
                let right = self.ref_(&b.right, f, d);
                tuple(vec![tag("binop"), tag(operator_name(b.op)), left, right])
            }
            Expr::If(i) => {
                let body = self.ref_(&i.body, f, d);
                let orelse = self.ref_(&i.orelse, f, d);
                tuple(vec![tag("ifexp"), body, orelse, self.ref_(&i.test, f, d)])
            }
            Expr::BoolOp(b) => {
                let values = self.refs_of(b.values.iter().take(8), f, d);
                tuple(vec![tag("boolop"), values])
            }
            Expr::Starred(st) => tuple(vec![tag("star"), self.ref_(&st.value, f, d)]),
            Expr::Named(n) => self.ref_(&n.value, f, d),
            Expr::FString(fs) => self.fstring_ref(fs, f, d),
            _ => self.unknown.clone(),
        }
    }

    /// `_fstring_ref`: the constant an f-string is when it has no placeholder, else the
    /// text before its first placeholder joined with what it formats (`"/proc/" + ("fmt",
    /// (pid,))`), or what it formats alone when no text comes first.
    fn fstring_ref(&mut self, fs: &ExprFString, f: usize, d: u32) -> V {
        let mut prefix = String::new();
        let mut values: Vec<&Expr> = Vec::new();
        // the literal text around each placeholder, while every one renders as `str()`
        // does (`_pieces` in summarize.py)
        let mut pieces: Option<Vec<String>> = Some(Vec::new());
        let mut current = String::new();
        for part in fs.value.iter() {
            match part {
                FStringPart::Literal(lit) => {
                    if values.is_empty() {
                        prefix.push_str(&lit.value);
                    }
                    current.push_str(&lit.value);
                }
                FStringPart::FString(inner) => {
                    for element in inner.elements.iter() {
                        match element {
                            InterpolatedStringElement::Literal(l) => {
                                if values.is_empty() {
                                    prefix.push_str(&l.value);
                                }
                                current.push_str(&l.value);
                            }
                            InterpolatedStringElement::Interpolation(i) => {
                                if values.is_empty() {
                                    if let Some(debug) = &i.debug_text {
                                        // `f"{x=}"`: CPython's tree holds the text `x=` as a
                                        // constant before the placeholder
                                        prefix.push_str(debug.as_str());
                                    }
                                }
                                let plain = i.debug_text.is_none()
                                    && i.conversion == ConversionFlag::None
                                    && i.format_spec.is_none();
                                match pieces.as_mut() {
                                    Some(done) if plain => done.push(std::mem::take(&mut current)),
                                    _ => pieces = None,
                                }
                                values.push(&i.expression);
                            }
                        }
                    }
                }
            }
        }
        if let Some(done) = pieces.as_mut() {
            done.push(current);
        }
        if prefix.contains(['{', '}', '\\']) {
            return self.unknown.clone();
        }
        if values.is_empty() {
            let text = self.text(&prefix);
            return self.conser.cons(tuple(vec![tag("const"), text]));
        }
        let readable = pieces.filter(|p| {
            p.len() - 1 <= MAX_FORMATTED
                && p.iter().all(|piece| {
                    piece.chars().count() <= MAX_STR && !piece.contains(['{', '}', '\\'])
                })
        });
        let formatted = self.refs_of(values.into_iter().take(MAX_FORMATTED), f, d);
        let formatted = match readable {
            Some(p) => {
                let texts = p.iter().map(|piece| self.text(piece)).collect();
                tuple(vec![tag("fmt"), formatted, tuple(texts)])
            }
            None => tuple(vec![tag("fmt"), formatted]),
        };
        if prefix.is_empty() {
            return formatted;
        }
        let text = self.text(&prefix);
        let constant = self.conser.cons(tuple(vec![tag("const"), text]));
        tuple(vec![tag("binop"), tag("Add"), constant, formatted])
    }

    fn list_ref(&mut self, elts: &[Expr], f: usize, d: u32) -> V {
        let items = self.refs_of(elts.iter().take(MAX_ITEMS), f, d);
        tuple(vec![tag("list"), items])
    }

    /// An annotation ref; a string annotation is parsed as an expression, as CPython would.
    /// Only plain type expressions are trusted to parse alike in both parsers: anything else
    /// makes the file go back to Python.
    pub fn ann(&mut self, node: Option<&Expr>, f: usize) -> Option<V> {
        let node = node?;
        let Expr::StringLiteral(lit) = node else {
            return Some(self.ref_(node, f, 0));
        };
        let text = lit.value.to_str();
        if !text
            .bytes()
            .all(|b| (0x20..0x7f).contains(&b) || matches!(b, b'\t' | b'\n' | b'\r'))
        {
            self.decline("string annotation with unusual characters");
            return Some(self.unknown.clone());
        }
        let stripped = text.trim_matches([' ', '\t', '\n', '\r']);
        match ruff_python_parser::parse_expression(stripped) {
            Ok(parsed) if plain_type_expression(parsed.expr()) => {
                self.annotating = true;
                let r = self.ref_(parsed.expr(), f, 0);
                self.annotating = false;
                self.keep.push(parsed); // refs are memoised by address: keep the nodes alive
                Some(r)
            }
            _ => {
                self.decline("string annotation CPython may parse differently");
                Some(self.unknown.clone())
            }
        }
    }
}

fn plain_type_expression(e: &Expr) -> bool {
    match e {
        Expr::Name(_)
        | Expr::StringLiteral(_)
        | Expr::NumberLiteral(_)
        | Expr::BooleanLiteral(_)
        | Expr::NoneLiteral(_)
        | Expr::EllipsisLiteral(_) => true,
        Expr::Attribute(a) => plain_type_expression(&a.value),
        Expr::Subscript(sub) => {
            plain_type_expression(&sub.value) && plain_type_expression(&sub.slice)
        }
        Expr::Tuple(t) => t.elts.iter().all(plain_type_expression),
        Expr::List(l) => l.elts.iter().all(plain_type_expression),
        Expr::BinOp(b) => {
            b.op == Operator::BitOr
                && plain_type_expression(&b.left)
                && plain_type_expression(&b.right)
        }
        _ => false,
    }
}
