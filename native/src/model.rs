//! The summary under construction, mirroring `unjam/analysis/summary.py`, and its plain form
//! (`summary.to_plain`): the same field order, tuples where Python has tuples, lists where it
//! has lists, dicts in insertion order.

use indexmap::{IndexMap, IndexSet};

use crate::intern::Interner;
use crate::marshal::{V, Writer};

pub struct Param {
    pub name: String,
    pub annotation: Option<V>,
    pub default: Option<V>,
    pub kind: &'static str,
}

pub struct CallSite {
    pub line: i64,
    pub col: i64,
    pub func: V,
    pub args: V,
    pub kwargs: V,
    pub awaited: bool,
    pub guard: i64,
    pub arg_of: i64,
    pub is_with: bool,
}

#[derive(Default)]
pub struct FuncDef {
    pub qn: String,
    pub name: String,
    pub line: i64,
    pub col: i64,
    pub is_async: bool,
    pub is_generator: bool,
    pub is_lambda: bool,
    pub decorators: Vec<(V, i64, i64)>,
    pub params: Vec<Param>,
    pub returns: Option<V>,
    pub return_values: Vec<V>,
    pub yield_values: Vec<V>,
    pub calls: Vec<CallSite>,
    pub locals: IndexMap<String, Vec<V>>,
    pub local_annotations: IndexMap<String, V>,
    pub attr_stores: Vec<(V, String, V)>,
    pub mutated: Vec<V>,
    pub iterated: Vec<V>,
    pub guards: Vec<(&'static str, V, i64, Option<V>)>,
    pub local_defs: IndexMap<String, String>,
    pub globals_declared: IndexSet<String>,
    pub class_qn: Option<String>,
    /// a method's first parameter, the instance it is called on (`_own_name` in
    /// summarize_guards.py); not written
    pub own: Option<String>,
    pub parent: Option<String>,
    /// (first line, last line) of what runs after a `yield` on its path, merged
    pub after_yield: Vec<(i64, i64)>,
    /// where the function's `yield`s are (not written: `after_yield` is made from them)
    pub yields: Vec<ruff_text_size::TextSize>,
    /// the calls whose value a statement drops, by index in `calls`
    pub dropped: Vec<i64>,
    /// of the module body and of a sync `def`'s: its own statements that import or call a
    /// function by name, in order (`FuncDef.load_steps` in summary.py)
    pub load_steps: Vec<V>,
    /// (container, key, value) of each subscript target (`FuncDef.item_stores`)
    pub item_stores: Vec<(V, V, V)>,
}

#[derive(Default)]
pub struct ClassDef {
    pub qn: String,
    pub name: String,
    pub line: i64,
    pub col: i64,
    pub bases: Vec<V>,
    pub decorators: Vec<(V, i64, i64)>,
    pub methods: IndexMap<String, String>,
    pub attrs: IndexMap<String, Vec<V>>,
    pub scope: String,
    pub metaclass: Option<V>,
    pub annotations: IndexMap<String, V>,
}

pub struct ImportRef {
    pub level: i64,
    pub module: String,
    pub name: Option<String>,
}

/// FuncDefs and ClassDefs live in arenas (indices stand for Python's object references); the
/// qn maps say which object `mod.funcs[qn]` holds, first position kept on re-assignment.
#[derive(Default)]
pub struct Module {
    pub is_package: bool,
    pub func_arena: Vec<FuncDef>,
    pub class_arena: Vec<ClassDef>,
    pub funcs: IndexMap<String, usize>,
    pub classes: IndexMap<String, usize>,
    pub imports: IndexMap<String, ImportRef>,
    pub global_values: IndexMap<String, Vec<(String, V)>>,
    pub global_annotations: IndexMap<String, V>,
    pub star_imports: Vec<ImportRef>,
    pub value_names: Vec<String>,
    pub fallback_imports: IndexMap<String, ImportRef>,
}

/// `summary.to_plain`'s values, written into `w` in the order `marshal.dumps` would.
fn decorators(items: &[(V, i64, i64)], w: &mut Writer) {
    w.tuple_of(items.len());
    for (r, l, c) in items {
        w.tuple_of(3);
        w.write(r);
        w.int(*l);
        w.int(*c);
    }
}

fn string(text: &str, it: &mut Interner, w: &mut Writer) {
    w.write(&it.s(text));
}

fn opt_string(text: Option<&str>, it: &mut Interner, w: &mut Writer) {
    match text {
        Some(text) => string(text, it, w),
        None => w.none(),
    }
}

fn import_map(map: &IndexMap<String, ImportRef>, it: &mut Interner, w: &mut Writer) {
    w.dict_begin();
    for (k, v) in map {
        string(k, it, w);
        import_ref(v, it, w);
    }
    w.dict_end();
}

fn values(items: &[V], w: &mut Writer) {
    w.list_of(items.len());
    items.iter().for_each(|v| w.write(v));
}

fn dict_of_lists(map: &IndexMap<String, Vec<V>>, it: &mut Interner, w: &mut Writer) {
    w.dict_begin();
    for (k, v) in map {
        string(k, it, w);
        values(v, w);
    }
    w.dict_end();
}

fn dict_of_refs(map: &IndexMap<String, V>, it: &mut Interner, w: &mut Writer) {
    w.dict_begin();
    for (k, v) in map {
        string(k, it, w);
        w.write(v);
    }
    w.dict_end();
}

fn dict_of_strings(map: &IndexMap<String, String>, it: &mut Interner, w: &mut Writer) {
    w.dict_begin();
    for (k, v) in map {
        string(k, it, w);
        string(v, it, w);
    }
    w.dict_end();
}

fn import_ref(imp: &ImportRef, it: &mut Interner, w: &mut Writer) {
    w.tuple_of(3);
    w.int(imp.level);
    string(&imp.module, it, w);
    opt_string(imp.name.as_deref(), it, w);
}

impl FuncDef {
    fn write_plain(&self, it: &mut Interner, w: &mut Writer) {
        w.tuple_of(27);
        string(&self.qn, it, w);
        string(&self.name, it, w);
        w.int(self.line);
        w.int(self.col);
        w.boolean(self.is_async);
        w.boolean(self.is_generator);
        w.boolean(self.is_lambda);
        decorators(&self.decorators, w);
        w.tuple_of(self.params.len());
        for p in &self.params {
            w.tuple_of(4);
            string(&p.name, it, w);
            w.opt(&p.annotation);
            w.opt(&p.default);
            w.write_static(p.kind);
        }
        w.opt(&self.returns);
        values(&self.return_values, w);
        values(&self.yield_values, w);
        w.list_of(self.calls.len());
        for c in &self.calls {
            w.tuple_of(9);
            w.int(c.line);
            w.int(c.col);
            w.write(&c.func);
            w.write(&c.args);
            w.write(&c.kwargs);
            w.boolean(c.awaited);
            w.int(c.guard);
            w.int(c.arg_of);
            w.boolean(c.is_with);
        }
        dict_of_lists(&self.locals, it, w);
        dict_of_refs(&self.local_annotations, it, w);
        w.list_of(self.attr_stores.len());
        for (base, attr, value) in &self.attr_stores {
            w.tuple_of(3);
            w.write(base);
            string(attr, it, w);
            w.write(value);
        }
        values(&self.mutated, w);
        values(&self.iterated, w);
        w.list_of(self.guards.len());
        for (kind, subject, outer, returned) in &self.guards {
            w.tuple_of(4);
            w.write_static(kind);
            w.write(subject);
            w.int(*outer);
            w.opt(returned);
        }
        dict_of_strings(&self.local_defs, it, w);
        w.frozenset_of(self.globals_declared.len());
        for g in &self.globals_declared {
            string(g, it, w);
        }
        opt_string(self.class_qn.as_deref(), it, w);
        opt_string(self.parent.as_deref(), it, w);
        w.tuple_of(self.after_yield.len());
        for (first, last) in &self.after_yield {
            w.tuple_of(2);
            w.int(*first);
            w.int(*last);
        }
        w.list_of(self.dropped.len());
        for index in &self.dropped {
            w.int(*index);
        }
        w.tuple_of(self.load_steps.len());
        self.load_steps.iter().for_each(|step| w.write(step));
        w.list_of(self.item_stores.len());
        for (base, key, value) in &self.item_stores {
            w.tuple_of(3);
            w.write(base);
            w.write(key);
            w.write(value);
        }
    }
}

impl ClassDef {
    fn write_plain(&self, it: &mut Interner, w: &mut Writer) {
        w.tuple_of(11);
        string(&self.qn, it, w);
        string(&self.name, it, w);
        w.int(self.line);
        w.int(self.col);
        w.tuple_of(self.bases.len());
        self.bases.iter().for_each(|b| w.write(b));
        decorators(&self.decorators, w);
        dict_of_strings(&self.methods, it, w);
        dict_of_lists(&self.attrs, it, w);
        string(&self.scope, it, w);
        w.opt(&self.metaclass);
        dict_of_refs(&self.annotations, it, w);
    }
}

impl Module {
    /// The plain form (`summary.to_plain`), marshalled into `w`.
    pub fn write_plain(&self, it: &mut Interner, w: &mut Writer) {
        w.tuple_of(9);
        w.boolean(self.is_package);
        w.list_of(self.funcs.len());
        for i in self.funcs.values() {
            self.func_arena[*i].write_plain(it, w);
        }
        w.list_of(self.classes.len());
        for i in self.classes.values() {
            self.class_arena[*i].write_plain(it, w);
        }
        import_map(&self.imports, it, w);
        w.dict_begin();
        for (k, v) in &self.global_values {
            string(k, it, w);
            w.list_of(v.len());
            for (qn, r) in v {
                w.tuple_of(2);
                string(qn, it, w);
                w.write(r);
            }
        }
        w.dict_end();
        dict_of_refs(&self.global_annotations, it, w);
        w.list_of(self.star_imports.len());
        for i in &self.star_imports {
            import_ref(i, it, w);
        }
        w.list_of(self.value_names.len());
        self.value_names.iter().for_each(|n| string(n, it, w));
        import_map(&self.fallback_imports, it, w);
    }
}
