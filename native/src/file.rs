//! One file → one marshalled row `(path, mtime_ns, size, hash, plain | None)`, as
//! `parse.read_one` would give it, or `None` as the summary when Python must redo the file.

use std::os::unix::fs::MetadataExt;

use ruff_python_ast::PythonVersion;
use ruff_python_parser::{Mode, ParseOptions, parse_unchecked};

use crate::alloc::Scope;
use crate::marshal::{self, Row, Writer};
use crate::source::{Lines, decline, escapes};
use crate::summarize::Summarizer;
use crate::syntax::cpython_rejects;

/// `hashlib.blake2b(data, digest_size=16).hexdigest()`.
fn content_hash(data: &[u8]) -> String {
    blake2b_simd::Params::new()
        .hash_length(16)
        .hash(data)
        .to_hex()
        .to_string()
}

/// Write the plain summary into `w`, or say why the native path declines this file. In an
/// arena `scope`, the syntax tree and the summary are forgotten rather than dropped (see
/// `alloc`): their memory is reused by the next file.
fn summarize(
    data: &[u8],
    is_package: bool,
    version: PythonVersion,
    w: &mut Writer,
    scope: Option<&Scope>,
) -> Result<(), &'static str> {
    let normalized;
    let data = if data.contains(&b'\r') {
        normalized = universal_newlines(data);
        &normalized[..]
    } else {
        data
    };
    if let Some(why) = decline(data) {
        return Err(why);
    }
    let escapes = escapes(data);
    if escapes.named {
        return Err("named escape"); // ruff's Unicode name table may not be CPython's
    }
    let text = std::str::from_utf8(data).map_err(|_| "not UTF-8")?;
    let options = ParseOptions::from(Mode::Module).with_target_version(version);
    let parsed = parse_unchecked(text, options);
    if !parsed.errors().is_empty() {
        return Err("syntax error");
    }
    let Some(module) = parsed.syntax().as_module() else {
        return Err("not a module");
    };
    if let Some(why) = cpython_rejects(parsed.tokens(), &module.body) {
        return Err(why);
    }
    if !parsed.unsupported_syntax_errors().is_empty() {
        return Err("syntax newer than the target Python");
    }
    let lines = Lines::new(text);
    let mut summarizer = Summarizer::new(is_package, &lines, parsed.tokens());
    summarizer.surrogate_escapes = escapes.surrogate;
    summarizer.run(&module.body);
    if let Some(why) = summarizer.declined {
        return Err(why);
    }
    summarizer.m.value_names = crate::names::value_names(&module.body);
    summarizer.m.write_plain(&mut summarizer.strings, w);
    if scope.is_some_and(Scope::all_in_arena) {
        std::mem::forget(summarizer);
        std::mem::forget(parsed);
    }
    Ok(())
}

/// The source as CPython's tokenizer reads it: `\r\n` and a lone `\r` end a line as `\n`
/// does, also inside a string literal (whose value then holds `\n`). Lines and columns
/// stay where they were.
fn universal_newlines(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len());
    let mut bytes = data.iter().peekable();
    while let Some(&b) = bytes.next() {
        if b == b'\r' {
            if bytes.peek() == Some(&&b'\n') {
                continue;
            }
            out.push(b'\n');
        } else {
            out.push(b);
        }
    }
    out
}

/// The row for `path` (a marshalled 5-tuple). All the work on the file is done in an arena
/// scope; only the finished row is allocated outside it.
pub fn row(path: &str, version: PythonVersion) -> Row {
    let scope = Scope::enter();
    let mut w = Writer::default();
    w.begin_row();
    w.out.push(b')');
    w.out.push(5);
    marshal::write_str(path, &mut w.out);
    let read = std::fs::metadata(path).and_then(|st| Ok((st, std::fs::read(path)?)));
    let Ok((st, data)) = read else {
        return scope.outside(|| unread_row(path)); // Python reports the OSError in its words
    };
    marshal::write_int(st.mtime() * 1_000_000_000 + st.mtime_nsec(), &mut w.out);
    marshal::write_int(st.size() as i64, &mut w.out);
    marshal::write_str(&content_hash(&data), &mut w.out);
    let is_package = path.rsplit('/').next() == Some("__init__.py");
    if summarize(&data, is_package, version, &mut w, Some(&scope)).is_err() {
        w.out.push(b'N'); // a declined file has written nothing yet: Python redoes it
    }
    scope.outside(|| w.end_row())
}

/// `(path, 0, 0, "", None)`: a row Python redoes from scratch.
pub fn unread_row(path: &str) -> Row {
    let mut w = Writer::default();
    w.begin_row();
    w.out.push(b')');
    w.out.push(5);
    marshal::write_str(path, &mut w.out);
    marshal::write_int(0, &mut w.out);
    marshal::write_int(0, &mut w.out);
    marshal::write_str("", &mut w.out);
    w.out.push(b'N');
    w.end_row()
}

/// Why the native path declines `path` (None: it does not), for the parity tools.
pub fn decline_reason(path: &str, version: PythonVersion) -> Option<String> {
    let data = std::fs::read(path).ok()?;
    let is_package = path.rsplit('/').next() == Some("__init__.py");
    let mut w = Writer::default();
    summarize(&data, is_package, version, &mut w, None)
        .err()
        .map(str::to_string)
}
