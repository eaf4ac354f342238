//! The summary under construction, mirroring `unjam/analysis/summary.py`, and its plain form
//! (`summary.to_plain`): the same field order, tuples where Python has tuples, lists where it
//! has lists, dicts in insertion order.

use indexmap::{IndexMap, IndexSet};

use crate::intern::Interner;
use crate::marshal::{V, Val, boolean, int, list, none, tag, tuple};

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
    pub guarded: bool,
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
    pub local_defs: IndexMap<String, String>,
    pub globals_declared: IndexSet<String>,
    pub class_qn: Option<String>,
    pub parent: Option<String>,
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
    pub raises_limiter: bool,
}

fn opt(v: &Option<V>) -> V {
    v.clone().unwrap_or_else(none)
}

fn decorators(items: &[(V, i64, i64)]) -> V {
    tuple(
        items
            .iter()
            .map(|(r, l, c)| tuple(vec![r.clone(), int(*l), int(*c)]))
            .collect(),
    )
}

fn dict_of_lists(map: &IndexMap<String, Vec<V>>, it: &mut Interner) -> V {
    V::new(Val::Dict(
        map.iter()
            .map(|(k, v)| (it.s(k), list(v.clone())))
            .collect(),
    ))
}

fn import_ref(imp: &ImportRef, it: &mut Interner) -> V {
    tuple(vec![
        int(imp.level),
        it.s(&imp.module),
        it.opt(imp.name.as_deref()),
    ])
}

impl FuncDef {
    fn to_plain(&self, it: &mut Interner) -> V {
        let params = self
            .params
            .iter()
            .map(|p| {
                tuple(vec![
                    it.s(&p.name),
                    opt(&p.annotation),
                    opt(&p.default),
                    tag(p.kind),
                ])
            })
            .collect();
        let calls = self
            .calls
            .iter()
            .map(|c| {
                tuple(vec![
                    int(c.line),
                    int(c.col),
                    c.func.clone(),
                    c.args.clone(),
                    c.kwargs.clone(),
                    boolean(c.awaited),
                    boolean(c.guarded),
                    int(c.arg_of),
                    boolean(c.is_with),
                ])
            })
            .collect();
        let attr_stores = self
            .attr_stores
            .iter()
            .map(|(b, a, v)| tuple(vec![b.clone(), it.s(a), v.clone()]))
            .collect();
        tuple(vec![
            it.s(&self.qn),
            it.s(&self.name),
            int(self.line),
            int(self.col),
            boolean(self.is_async),
            boolean(self.is_generator),
            boolean(self.is_lambda),
            decorators(&self.decorators),
            tuple(params),
            opt(&self.returns),
            list(self.return_values.clone()),
            list(self.yield_values.clone()),
            list(calls),
            dict_of_lists(&self.locals, it),
            V::new(Val::Dict(
                self.local_annotations
                    .iter()
                    .map(|(k, v)| (it.s(k), v.clone()))
                    .collect(),
            )),
            list(attr_stores),
            V::new(Val::Dict(
                self.local_defs
                    .iter()
                    .map(|(k, v)| (it.s(k), it.s(v)))
                    .collect(),
            )),
            V::new(Val::FrozenSet(
                self.globals_declared.iter().map(|g| it.s(g)).collect(),
            )),
            it.opt(self.class_qn.as_deref()),
            it.opt(self.parent.as_deref()),
        ])
    }
}

impl ClassDef {
    fn to_plain(&self, it: &mut Interner) -> V {
        tuple(vec![
            it.s(&self.qn),
            it.s(&self.name),
            int(self.line),
            int(self.col),
            tuple(self.bases.clone()),
            decorators(&self.decorators),
            V::new(Val::Dict(
                self.methods
                    .iter()
                    .map(|(k, v)| (it.s(k), it.s(v)))
                    .collect(),
            )),
            dict_of_lists(&self.attrs, it),
            it.s(&self.scope),
        ])
    }
}

impl Module {
    pub fn to_plain(&self, it: &mut Interner) -> V {
        let funcs = self
            .funcs
            .values()
            .map(|i| self.func_arena[*i].to_plain(it))
            .collect();
        let classes = self
            .classes
            .values()
            .map(|i| self.class_arena[*i].to_plain(it))
            .collect();
        let imports = self
            .imports
            .iter()
            .map(|(k, v)| (it.s(k), import_ref(v, it)))
            .collect();
        let global_values = self
            .global_values
            .iter()
            .map(|(k, v)| {
                let items = v
                    .iter()
                    .map(|(qn, r)| tuple(vec![it.s(qn), r.clone()]))
                    .collect();
                (it.s(k), list(items))
            })
            .collect();
        let annotations = self
            .global_annotations
            .iter()
            .map(|(k, v)| (it.s(k), v.clone()))
            .collect();
        tuple(vec![
            boolean(self.is_package),
            list(funcs),
            list(classes),
            V::new(Val::Dict(imports)),
            V::new(Val::Dict(global_values)),
            V::new(Val::Dict(annotations)),
            list(
                self.star_imports
                    .iter()
                    .map(|i| import_ref(i, it))
                    .collect(),
            ),
            boolean(self.raises_limiter),
        ])
    }
}
