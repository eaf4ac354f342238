//! The source text as CPython sees it: which files the native path must hand back to Python,
//! and CPython's line/column for a byte offset.

/// Why the native path cannot promise CPython's exact result for these bytes, if it cannot.
/// Python redoes such files (`parse.read_one`), so this errs on the side of declining.
pub fn decline(data: &[u8]) -> Option<&'static str> {
    if data.starts_with(b"\xef\xbb\xbf") {
        return Some("BOM");
    }
    if data.contains(&0) {
        return Some("NUL byte");
    }
    if has_coding_declaration(data) {
        return Some("coding declaration");
    }
    if mixed_indentation(data) {
        return Some("tab in indentation"); // CPython's TabError rules are not mirrored
    }
    None
}

/// Escapes ruff's parser decodes differently from CPython (raw strings are not told apart:
/// that only makes the native path more cautious).
#[derive(Default)]
pub struct Escapes {
    /// `\N{…}`: ruff's Unicode name table may not be CPython's.
    pub named: bool,
    /// `\ud800`…`\udfff`: ruff reads a lone surrogate as U+FFFD, CPython keeps it.
    pub surrogate: bool,
}

pub fn escapes(data: &[u8]) -> Escapes {
    let surrogate = |hex: &[u8]| {
        hex.len() >= 2
            && matches!(hex[0], b'd' | b'D')
            && matches!(hex[1], b'8'..=b'9' | b'a'..=b'f' | b'A'..=b'F')
    };
    let mut found = Escapes::default();
    for at in memchr::memchr_iter(b'\\', data) {
        let rest = &data[at + 1..];
        found.named |= rest.starts_with(b"N{");
        found.surrogate |= match rest.first() {
            Some(b'u') => surrogate(&rest[1..]),
            Some(b'U') => rest[1..].starts_with(b"0000") && surrogate(&rest[5..]),
            _ => false,
        };
    }
    found
}

/// PEP 263: a `coding[:=]` comment on line 1 or 2 naming anything but UTF-8 (a UTF-8
/// declaration changes nothing: CPython decodes the bytes as it would without one).
fn has_coding_declaration(data: &[u8]) -> bool {
    data.split(|b| *b == b'\n').take(2).any(|line| {
        let text = String::from_utf8_lossy(line);
        let trimmed = text.trim_start_matches([' ', '\t', '\x0c']);
        if !trimmed.starts_with('#') {
            return false;
        }
        let Some(at) = trimmed.find("coding:").or_else(|| trimmed.find("coding=")) else {
            return false;
        };
        let name: String = trimmed[at + 7..]
            .trim_start_matches([' ', '\t'])
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
            .map(|c| {
                if c == '_' {
                    '-'
                } else {
                    c.to_ascii_lowercase()
                }
            })
            .collect();
        !(name == "utf-8" || name == "utf8" || name.starts_with("utf-8-"))
    })
}

/// Whether a tab indents some line while a space or a form feed indents another (or the
/// same): CPython's TabError rules then decide, which the native path does not mirror. A
/// file indented with tabs alone is read as CPython reads it.
fn mixed_indentation(data: &[u8]) -> bool {
    if !data.contains(&b'\t') {
        return false; // the common case, at memchr speed
    }
    let (mut tabs, mut others) = (false, false);
    for line in data.split(|b| *b == b'\n' || *b == b'\r') {
        for b in line
            .iter()
            .take_while(|b| matches!(b, b' ' | b'\t' | b'\x0c'))
        {
            if *b == b'\t' {
                tabs = true;
            } else {
                others = true;
            }
        }
        if tabs && others {
            return true;
        }
    }
    false
}

/// Byte offset → CPython's (lineno, col_offset): 1-based line, UTF-8 byte column. CPython
/// reads `\r\n` and a lone `\r` as one line break each.
pub struct Lines {
    starts: Vec<u32>,
}

impl Lines {
    pub fn new(text: &str) -> Lines {
        let bytes = text.as_bytes();
        let mut starts = vec![0u32];
        for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
            if bytes[i] == b'\n' || bytes.get(i + 1) != Some(&b'\n') {
                starts.push(i as u32 + 1);
            }
        }
        Lines { starts }
    }

    pub fn position(&self, offset: u32) -> (i64, i64) {
        let line = self.starts.partition_point(|s| *s <= offset);
        (line as i64, i64::from(offset - self.starts[line - 1]))
    }
}
