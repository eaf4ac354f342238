//! Python values the summary is made of, and their `marshal` encoding (format version 4).
//!
//! Why write marshal by hand: the rows cross into Python as one bytes object that
//! `marshal.loads` turns into tuples/lists/dicts in C, which is far cheaper than building the
//! same objects through the C API one by one, and it is the very format the cache stores.
//! Shared values (memoised refs, the one ("name", id) tuple per identifier, tags) are written
//! once and referenced after (marshal's FLAG_REF), as `marshal.dumps` does for the Python
//! path's shared objects: smaller blobs load faster.

use std::rc::Rc;

use crate::intern::FxMap;

/// A shared Python value: refs are memoised and nested, so they are reference-counted.
pub type V = Rc<Val>;

pub enum Val {
    None,
    Bool(bool),
    Int(i64),
    /// An integer literal too big for i64, as written in the source (`0x…`, `1_000…`).
    BigInt(String),
    Float(f64),
    Str(String),
    /// A tag or kind the summary repeats everywhere ("call", "name", "pos", …).
    Static(&'static str),
    Tuple(Vec<V>),
}

pub fn none() -> V {
    Rc::new(Val::None)
}
pub fn boolean(b: bool) -> V {
    Rc::new(Val::Bool(b))
}
pub fn int(i: i64) -> V {
    Rc::new(Val::Int(i))
}
pub fn s(text: &str) -> V {
    Rc::new(Val::Str(text.to_owned()))
}
pub fn tag(text: &'static str) -> V {
    Rc::new(Val::Static(text))
}
pub fn tuple(items: Vec<V>) -> V {
    Rc::new(Val::Tuple(items))
}
pub fn opt_str(text: Option<&str>) -> V {
    text.map_or_else(none, s)
}

/// Structural equality, as Python's `==` on the values these stand for.
pub fn same_val(a: &Val, b: &Val) -> bool {
    match (a, b) {
        (Val::None, Val::None) => true,
        (Val::Bool(x), Val::Bool(y)) => x == y,
        (Val::Int(x), Val::Int(y)) => x == y,
        (Val::BigInt(x), Val::BigInt(y)) => x == y,
        (Val::Float(x), Val::Float(y)) => x == y,
        (Val::Str(x), Val::Str(y)) => x == y,
        (Val::Static(x), Val::Static(y)) => x == y,
        (Val::Str(x), Val::Static(y)) | (Val::Static(y), Val::Str(x)) => x == y,
        (Val::Tuple(x), Val::Tuple(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same_val(p, q))
        }
        // (Python's numbers compare by value across types: `1 == 1.0 == True`)
        _ => match (number(a), number(b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        },
    }
}

/// A bool's, an int's or a float's value as a float, for `same_val` across those types.
fn number(v: &Val) -> Option<f64> {
    match v {
        Val::Bool(b) => Some(f64::from(u8::from(*b))),
        Val::Int(i) => Some(*i as f64),
        Val::Float(f) => Some(*f),
        _ => None,
    }
}

/// `("const", None)`: the ref of a `None` literal.
pub fn is_none_constant(v: &V) -> bool {
    matches!(&**v, Val::Tuple(items) if items.len() == 2
        && matches!(&*items[0], Val::Static("const") | Val::Str(_))
        && same_val(&items[0], &Val::Static("const"))
        && matches!(&*items[1], Val::None))
}

const FLAG_REF: u8 = 0x80;

/// Writes one row (a file's work creates one in its arena scope, see `alloc`, and copies the
/// finished row out with `end_row`). Reference indices start at 0 in each row;
/// `ref_positions` says where each back-reference's index is, so rows written in parallel
/// can be put in input order into one stream by shifting them (`copy_shifted`).
#[derive(Default)]
pub struct Writer {
    pub out: Vec<u8>,
    shared: FxMap<usize, u32>,
    statics: FxMap<(usize, usize), u32>,
    ref_count: u32,
    pub ref_positions: Vec<usize>,
}

/// One finished row: its bytes, how many references it numbers, where its back-references are.
pub struct Row {
    pub bytes: Box<[u8]>,
    pub ref_count: u32,
    pub refs: Box<[u32]>,
}

impl Writer {
    /// Start a row: its shared values and reference numbering are its own.
    pub fn begin_row(&mut self) {
        self.out.clear();
        self.ref_positions.clear();
        self.shared.clear();
        self.statics.clear();
        self.ref_count = 0;
    }

    pub fn end_row(&self) -> Row {
        Row {
            bytes: self.out.as_slice().into(),
            ref_count: self.ref_count,
            refs: self.ref_positions.iter().map(|p| *p as u32).collect(),
        }
    }

    fn back_reference(&mut self, index: u32) {
        self.out.push(b'r');
        self.ref_positions.push(self.out.len());
        self.out.extend_from_slice(&index.to_le_bytes());
    }

    /// Write `v`; values held in more than one place are written once, then referenced.
    pub fn write(&mut self, v: &V) {
        let flag = match &**v {
            Val::None | Val::Bool(_) => 0,
            Val::Static(text) => return self.write_static(text),
            _ if Rc::strong_count(v) > 1 => {
                let key = Rc::as_ptr(v) as usize;
                if let Some(index) = self.shared.get(&key) {
                    return self.back_reference(*index);
                }
                self.shared.insert(key, self.ref_count);
                self.ref_count += 1;
                FLAG_REF
            }
            _ => 0,
        };
        self.write_val(v, flag);
    }

    /// A tag or kind: written once per row, then referenced.
    pub fn write_static(&mut self, text: &'static str) {
        let key = (text.as_ptr() as usize, text.len());
        if let Some(index) = self.statics.get(&key) {
            return self.back_reference(*index);
        }
        self.statics.insert(key, self.ref_count);
        self.ref_count += 1;
        write_str_flagged(text, FLAG_REF, &mut self.out);
    }

    // The containers and scalars of a value written in place (`model`'s plain form), without
    // building it as `Val`s first: the items follow each header.

    pub fn tuple_of(&mut self, n: usize) {
        if n < 256 {
            self.out.push(b')');
            self.out.push(n as u8);
        } else {
            self.out.push(b'(');
            write_len(n, &mut self.out);
        }
    }

    pub fn list_of(&mut self, n: usize) {
        self.out.push(b'[');
        write_len(n, &mut self.out);
    }

    pub fn frozenset_of(&mut self, n: usize) {
        self.out.push(b'>');
        write_len(n, &mut self.out);
    }

    /// A dict: its keys and values follow, then `dict_end`.
    pub fn dict_begin(&mut self) {
        self.out.push(b'{');
    }

    pub fn dict_end(&mut self) {
        self.out.push(b'0');
    }

    pub fn int(&mut self, i: i64) {
        write_int_flagged(i, 0, &mut self.out);
    }

    pub fn boolean(&mut self, b: bool) {
        self.out.push(if b { b'T' } else { b'F' });
    }

    pub fn none(&mut self) {
        self.out.push(b'N');
    }

    pub fn opt(&mut self, v: &Option<V>) {
        match v {
            Some(v) => self.write(v),
            None => self.none(),
        }
    }

    fn write_val(&mut self, v: &Val, flag: u8) {
        let out = &mut self.out;
        match v {
            Val::None => out.push(b'N'),
            Val::Bool(true) => out.push(b'T'),
            Val::Bool(false) => out.push(b'F'),
            Val::Int(i) => write_int_flagged(*i, flag, out),
            Val::BigInt(text) => write_long(&big_digits(text), false, flag, out),
            Val::Float(f) => {
                out.push(b'g' | flag);
                out.extend_from_slice(&f.to_le_bytes());
            }
            Val::Str(text) => write_str_flagged(text, flag, out),
            Val::Static(text) => write_str_flagged(text, flag, out),
            Val::Tuple(items) => {
                if items.len() < 256 {
                    out.push(b')' | flag);
                    out.push(items.len() as u8);
                } else {
                    out.push(b'(' | flag);
                    write_len(items.len(), out);
                }
                items.iter().for_each(|i| self.write(i));
            }
        }
    }
}

/// Copy `row` into `dst`, shifting its reference indices by `base`, the number of
/// references the rows before it in the stream hold.
pub fn copy_shifted(dst: &mut [u8], row: &Row, base: u32) {
    dst.copy_from_slice(&row.bytes);
    if base == 0 {
        return;
    }
    for &at in &row.refs {
        let slot = &mut dst[at as usize..at as usize + 4];
        let index = u32::from_le_bytes([slot[0], slot[1], slot[2], slot[3]]) + base;
        slot.copy_from_slice(&index.to_le_bytes());
    }
}

pub fn write_len(n: usize, out: &mut Vec<u8>) {
    out.extend_from_slice(&(n as u32).to_le_bytes());
}

pub fn write_str(text: &str, out: &mut Vec<u8>) {
    write_str_flagged(text, 0, out);
}

fn write_str_flagged(text: &str, flag: u8, out: &mut Vec<u8>) {
    if text.is_ascii() {
        if text.len() < 256 {
            out.push(b'z' | flag);
            out.push(text.len() as u8);
        } else {
            out.push(b'a' | flag);
            write_len(text.len(), out);
        }
    } else {
        out.push(b'u' | flag);
        write_len(text.len(), out);
    }
    out.extend_from_slice(text.as_bytes());
}

pub fn write_int(i: i64, out: &mut Vec<u8>) {
    write_int_flagged(i, 0, out);
}

fn write_int_flagged(i: i64, flag: u8, out: &mut Vec<u8>) {
    if let Ok(small) = i32::try_from(i) {
        out.push(b'i' | flag);
        out.extend_from_slice(&small.to_le_bytes());
    } else {
        let mut digits = Vec::new();
        let mut rest = i.unsigned_abs();
        while rest > 0 {
            digits.push((rest & 0x7fff) as u16);
            rest >>= 15;
        }
        write_long(&digits, i < 0, flag, out);
    }
}

/// `TYPE_LONG`: the digit count (negative for a negative number), then base-2**15 digits.
fn write_long(digits: &[u16], negative: bool, flag: u8, out: &mut Vec<u8>) {
    out.push(b'l' | flag);
    let n = digits.len() as i32;
    out.extend_from_slice(&(if negative { -n } else { n }).to_le_bytes());
    for d in digits {
        out.extend_from_slice(&d.to_le_bytes());
    }
}

/// Base-2**15 digits (least significant first) of a Python integer literal.
fn big_digits(literal: &str) -> Vec<u16> {
    let clean: String = literal.chars().filter(|c| *c != '_').collect();
    let lower = clean.to_ascii_lowercase();
    let (radix, body) = if let Some(rest) = lower.strip_prefix("0x") {
        (16, rest)
    } else if let Some(rest) = lower.strip_prefix("0o") {
        (8, rest)
    } else if let Some(rest) = lower.strip_prefix("0b") {
        (2, rest)
    } else {
        (10, lower.as_str())
    };
    let mut digits: Vec<u32> = Vec::new(); // base 2**15, little-endian
    for c in body.chars() {
        let mut carry = c.to_digit(radix).unwrap_or(0);
        for d in digits.iter_mut() {
            let v = *d * radix + carry;
            *d = v & 0x7fff;
            carry = v >> 15;
        }
        while carry > 0 {
            digits.push(carry & 0x7fff);
            carry >>= 15;
        }
    }
    digits.into_iter().map(|d| d as u16).collect()
}
