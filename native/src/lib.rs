//! `unjam_native`: the parse+summarise phase of `unjam check` in Rust, with ruff's parser.
//!
//! Exactness over coverage: each file's row must equal what `unjam/analysis/parse.py`
//! (the reference implementation) computes, compared with `==`. A file this path cannot
//! promise that for comes back with `None` as its summary and Python redoes it.

mod after_yield;
mod alloc;
mod file;
mod guards;
mod intern;
mod marshal;
mod model;
mod names;
mod refs;
mod source;
mod summarize;
mod syntax;
mod walk;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use ruff_python_ast::PythonVersion;

use crate::marshal::Row;

/// Deep syntax trees are dropped and parsed recursively: worker threads get a large stack
/// (virtual memory; only the pages used are committed).
const STACK_SIZE: usize = 256 << 20;

#[global_allocator]
static GLOBAL: alloc::Allocator = alloc::Allocator;

unsafe extern "C" {
    /// mimalloc's option setter (in `libmimalloc-sys` only with a feature that needs more crates).
    fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
}
/// `mi_option_purge_delay` in mimalloc 3's `mi_option_t`.
const MI_OPTION_PURGE_DELAY: std::ffi::c_int = 15;

/// `file::row`, but a panic (a bug) costs only this file: its row is replaced by one that
/// makes Python redo the file, never an exception out of this module.
fn guarded_row(path: &str, version: PythonVersion) -> Row {
    let attempt = std::panic::catch_unwind(|| file::row(path, version));
    attempt.unwrap_or_else(|_| file::unread_row(path))
}

/// What the consumer has received so far: rows by input index, and how many leading ones
/// are all there.
struct Received {
    rows: Receiver<(usize, Row)>,
    slots: Vec<Option<Row>>,
    ready: usize,
    handed_out: usize,
}

/// Rows being computed by worker threads (without the GIL), handed out as `marshal` blobs of
/// consecutive files in input order as soon as each chunk is complete, so Python can load
/// and convert one chunk while the threads work on the next.
#[pyclass]
struct Chunks {
    chunk: usize,
    received: Mutex<Received>,
    cancel: Arc<AtomicBool>,
    workers: Mutex<Vec<JoinHandle<()>>>,
}

impl Chunks {
    fn start(paths: Vec<String>, threads: usize, version: PythonVersion, chunk: usize) -> Chunks {
        let total = paths.len();
        let paths: Arc<[String]> = paths.into();
        let next = Arc::new(AtomicUsize::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let (sender, rows) = channel();
        let workers = (0..threads.clamp(1, total.max(1)))
            .filter_map(|_| {
                let (paths, next, cancel, sender) =
                    (paths.clone(), next.clone(), cancel.clone(), sender.clone());
                std::thread::Builder::new()
                    .stack_size(STACK_SIZE)
                    .spawn(move || {
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            if i >= paths.len() || cancel.load(Ordering::Relaxed) {
                                break;
                            }
                            let row = guarded_row(&paths[i], version);
                            if sender.send((i, row)).is_err() {
                                break; // the iterator is gone
                            }
                        }
                    })
                    .ok() // no thread at all: `next_rows` fails and Python reads the files
            })
            .collect();
        Chunks {
            chunk: chunk.max(1),
            received: Mutex::new(Received {
                rows,
                slots: (0..total).map(|_| None).collect(),
                ready: 0,
                handed_out: 0,
            }),
            cancel,
            workers: Mutex::new(workers),
        }
    }

    /// The next chunk's rows (waiting for them), None when all were handed out, an error if
    /// the workers stopped early.
    fn next_rows(&self) -> Result<Option<Vec<Row>>, &'static str> {
        let mut guard = self.received.lock().map_err(|_| "poisoned")?;
        let r = &mut *guard;
        let start = r.handed_out;
        if start >= r.slots.len() {
            return Ok(None);
        }
        let end = (start + self.chunk).min(r.slots.len());
        while r.ready < end {
            let (i, row) = r.rows.recv().map_err(|_| "a summarising thread stopped")?;
            r.slots[i] = Some(row);
            while r.ready < r.slots.len() && r.slots[r.ready].is_some() {
                r.ready += 1;
            }
        }
        r.handed_out = end;
        let rows = r.slots[start..end].iter_mut().map(|s| s.take().unwrap());
        Ok(Some(rows.collect()))
    }
}

/// The `marshal` encoding of a list of rows: the list header, then each row with its
/// references renumbered to follow the rows before it.
fn encode(py: Python<'_>, rows: &[Row]) -> PyResult<Py<PyBytes>> {
    let total = 5 + rows.iter().map(|r| r.bytes.len()).sum::<usize>();
    let bytes = PyBytes::new_with(py, total, |buf| {
        buf[0] = b'[';
        buf[1..5].copy_from_slice(&(rows.len() as u32).to_le_bytes());
        let (mut at, mut base) = (5, 0);
        for row in rows {
            marshal::copy_shifted(&mut buf[at..at + row.bytes.len()], row, base);
            at += row.bytes.len();
            base += row.ref_count;
        }
        Ok(())
    })?;
    Ok(bytes.unbind())
}

#[pymethods]
impl Chunks {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Py<PyBytes>>> {
        match py.detach(|| self.next_rows()) {
            Ok(Some(rows)) => encode(py, &rows).map(Some),
            Ok(None) => Ok(None),
            Err(why) => Err(PyRuntimeError::new_err(why)),
        }
    }
}

impl Drop for Chunks {
    /// Stop the workers after their current file (an abandoned iteration) and wait for them.
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        if let Ok(workers) = self.workers.get_mut() {
            workers.drain(..).for_each(|h| drop(h.join()));
        }
    }
}

fn python_version(version: (u8, u8)) -> PythonVersion {
    PythonVersion {
        major: version.0,
        minor: version.1,
    }
}

/// Read, hash, parse and summarise `paths` in `threads` OS threads without the GIL; an
/// iterator over `marshal` blobs, each the list of rows `parse._read_many` returns for the
/// next `chunk` paths, in input order.
#[pyfunction]
fn summarize_chunks(
    paths: Vec<String>,
    threads: usize,
    python_version: (u8, u8),
    chunk: usize,
) -> Chunks {
    Chunks::start(paths, threads, self::python_version(python_version), chunk)
}

/// `summarize_chunks` in one chunk: the `marshal` encoding of all the rows, in input order.
#[pyfunction]
fn summarize_files(
    py: Python<'_>,
    paths: Vec<String>,
    threads: usize,
    python_version: (u8, u8),
) -> PyResult<Py<PyBytes>> {
    let chunk = paths.len();
    let chunks = Chunks::start(paths, threads, self::python_version(python_version), chunk);
    match py.detach(|| chunks.next_rows()) {
        Ok(rows) => encode(py, &rows.unwrap_or_default()),
        Err(why) => Err(PyRuntimeError::new_err(why)),
    }
}

/// Why the native path hands `path` back to Python (None: it does not). For parity tools.
#[pyfunction]
fn decline_reason(path: &str, python_version: (u8, u8)) -> Option<String> {
    file::decline_reason(path, self::python_version(python_version))
}

#[pymodule]
fn unjam_native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // Never hand freed pages back to the OS: each file's syntax tree is freed and the next
    // one would fault them in again (zeroed, as 2 MiB huge pages): ~0.1 s of kernel time on
    // 3,000 files (median of 8 runs: 0.08 s instead of 0.2 s). Only this extension's own
    // allocations use mimalloc, and it reuses what it keeps.
    unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, -1) };
    // The layout of the rows handed back (parse.py's NATIVE_FORMAT): bumped with every change
    // to them, so that an extension built from older sources is not read as the new layout.
    m.add("SUMMARY_FORMAT", 73)?;
    m.add_function(wrap_pyfunction!(summarize_files, m)?)?;
    m.add_function(wrap_pyfunction!(summarize_chunks, m)?)?;
    m.add_function(wrap_pyfunction!(decline_reason, m)?)?;
    Ok(())
}
