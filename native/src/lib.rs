//! `unjam_native`: the parse+summarise phase of `unjam check` in Rust, with ruff's parser.
//!
//! Exactness over coverage: each file's row must equal what `unjam/analysis/parse.py`
//! (the reference implementation) computes, compared with `==`. A file this path cannot
//! promise that for comes back with `None` as its summary and Python redoes it.

mod file;
mod guards;
mod intern;
mod marshal;
mod model;
mod refs;
mod source;
mod summarize;
mod syntax;
mod walk;

use std::sync::atomic::{AtomicUsize, Ordering};

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use ruff_python_ast::PythonVersion;

use crate::marshal::{Row, Writer};

/// Deep syntax trees are dropped and parsed recursively: worker threads get a large stack
/// (virtual memory; only the pages used are committed).
const STACK_SIZE: usize = 256 << 20;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc; // summaries are many small allocations

/// `file::row`, but a panic (a bug) costs only this file: its row is replaced by one that
/// makes Python redo the file, never an exception out of `summarize_files`.
fn guarded_row(path: &str, version: PythonVersion, w: &mut Writer) -> Row {
    let attempt =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| file::row(path, version, w)));
    attempt.unwrap_or_else(|_| file::unread_row(path, w))
}

/// Every file's row, in input order.
fn rows_in_threads(paths: &[String], threads: usize, version: PythonVersion) -> Vec<Row> {
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|_| {
                std::thread::Builder::new()
                    .stack_size(STACK_SIZE)
                    .spawn_scoped(scope, || {
                        let mut w = Writer::default();
                        let mut rows = Vec::new();
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            if i >= paths.len() {
                                break rows;
                            }
                            rows.push((i, guarded_row(&paths[i], version, &mut w)));
                        }
                    })
                    .expect("spawn a summarising thread")
            })
            .collect();
        let mut rows: Vec<(usize, Row)> = handles
            .into_iter()
            .flat_map(|h| h.join().expect("summarising thread"))
            .collect();
        rows.sort_unstable_by_key(|(i, _)| *i);
        rows.into_iter().map(|(_, row)| row).collect()
    })
}

/// Read, hash, parse and summarise `paths` in `threads` OS threads without the GIL; the
/// `marshal` encoding of the list of rows `parse._read_many` returns, in input order.
#[pyfunction]
fn summarize_files(
    py: Python<'_>,
    paths: Vec<String>,
    threads: usize,
    python_version: (u8, u8),
) -> PyResult<Py<PyBytes>> {
    let version = PythonVersion {
        major: python_version.0,
        minor: python_version.1,
    };
    let rows = py.detach(|| rows_in_threads(&paths, threads, version));
    // the list header, then each row in input order with its references renumbered
    let total = 5 + rows.iter().map(|r| r.bytes.len()).sum::<usize>();
    let bytes = PyBytes::new_with(py, total, |buf| {
        buf[0] = b'[';
        buf[1..5].copy_from_slice(&(rows.len() as u32).to_le_bytes());
        let (mut at, mut base) = (5, 0);
        for row in &rows {
            marshal::copy_shifted(&mut buf[at..at + row.bytes.len()], row, base);
            at += row.bytes.len();
            base += row.ref_count;
        }
        Ok(())
    })?;
    Ok(bytes.unbind())
}

/// Why the native path hands `path` back to Python (None: it does not). For parity tools.
#[pyfunction]
fn decline_reason(path: &str, python_version: (u8, u8)) -> Option<String> {
    let version = PythonVersion {
        major: python_version.0,
        minor: python_version.1,
    };
    file::decline_reason(path, version)
}

#[pymodule]
fn unjam_native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(summarize_files, m)?)?;
    m.add_function(wrap_pyfunction!(decline_reason, m)?)?;
    Ok(())
}
