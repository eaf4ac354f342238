//! Small helpers for the per-file tables: a fast hasher for keys that are addresses or short
//! identifiers (SipHash's DoS resistance buys nothing here), and one shared value per string
//! so a name repeated through a summary is marshalled once.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::{BuildHasherDefault, Hasher};

use std::rc::Rc;

use crate::marshal::{V, Val, s};

/// FxHash (rustc's): a multiply-rotate per word.
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.add(u64::from_le_bytes(chunk.try_into().unwrap()));
        }
        let mut tail = [0u8; 8];
        let rest = chunks.remainder();
        tail[..rest.len()].copy_from_slice(rest);
        self.add(u64::from_le_bytes(tail) ^ rest.len() as u64);
    }
    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

pub type FxMap<K, T> = HashMap<K, T, BuildHasherDefault<FxHasher>>;

pub fn fx_map<K, T>(capacity: usize) -> FxMap<K, T> {
    FxMap::with_capacity_and_hasher(capacity, Default::default())
}

/// One `V` per distinct string.
#[derive(Default)]
pub struct Interner(FxMap<Box<str>, V>);

impl Interner {
    pub fn with_capacity(n: usize) -> Interner {
        Interner(fx_map(n))
    }

    pub fn s(&mut self, text: &str) -> V {
        if let Some(v) = self.0.get(text) {
            return v.clone();
        }
        let v = s(text);
        self.0.insert(text.into(), v.clone());
        v
    }

    pub fn opt(&mut self, text: Option<&str>) -> V {
        text.map_or_else(crate::marshal::none, |t| self.s(t))
    }
}

/// One `V` per distinct tuple value ("hash-consing"), for refs: `self.x` or `("const",
/// None)` repeated through a module become one object, which `marshal` writes once and
/// `marshal.loads` creates once. Values are equal either way; only sharing changes. A
/// tuple's identity is that of its items, which are already shared (consed tuples, interned
/// strings) or compared by value (numbers, None, bools).
/// A tuple whose hash collides with a different one's stays unshared (64-bit hashes: rare).
#[derive(Default)]
pub struct Conser(FxMap<u64, V>);

fn item_key(v: &V) -> (u8, u64) {
    match &**v {
        Val::None => (0, 0),
        Val::Bool(b) => (1, u64::from(*b)),
        Val::Int(i) => (2, *i as u64),
        Val::Float(f) => (3, f.to_bits()),
        Val::Static(text) => (4, text.as_ptr() as u64 ^ ((text.len() as u64) << 48)),
        Val::Tuple(items) if items.is_empty() => (6, 0), // `()`s are not consed (see `cons`)
        _ => (5, Rc::as_ptr(v) as u64),
    }
}

impl Conser {
    pub fn with_capacity(n: usize) -> Conser {
        Conser(fx_map(n))
    }

    pub fn cons(&mut self, v: V) -> V {
        let Val::Tuple(items) = &*v else { return v };
        if items.is_empty() {
            return v; // `()` is one object in Python anyway, and shorter written in place
        }
        let mut hasher = FxHasher::default();
        for item in items {
            let (kind, bits) = item_key(item);
            hasher.write_u32(u32::from(kind));
            hasher.write_usize(bits as usize);
        }
        match self.0.entry(hasher.finish()) {
            Entry::Vacant(slot) => {
                slot.insert(v.clone());
            }
            Entry::Occupied(slot) => {
                if let Val::Tuple(other) = &**slot.get()
                    && other.len() == items.len()
                    && other
                        .iter()
                        .zip(items)
                        .all(|(a, b)| item_key(a) == item_key(b))
                {
                    return slot.get().clone();
                }
            }
        }
        v
    }
}
