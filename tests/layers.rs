//! The layering `src/lib.rs` states, checked on the source: no module uses a later layer, and
//! the engine names no native hook.

use std::path::Path;

/// The layers in order; a module may use its own layer and earlier ones only.
const LAYERS: &[&[&str]] = &[
    &["geometry", "rng", "ast"],
    &["syntax"],
    &["model"],
    &["engine"],
    &["native"],
    &["check"],
    &["compile"],
    &["diagnostic", "ai", "record", "pgn", "svg"],
    &["api"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// Every `.rs` file under `dir`, with its path.
fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The code of a file without comments (line comments and doc comments; the sources use no
/// block comments).
fn code_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(i, l)| {
        let code = match l.find("//") {
            Some(k) => &l[..k],
            None => l,
        };
        (!code.trim().is_empty()).then_some((i + 1, code))
    })
}

/// The crate modules a line of code names: `crate::engine::Game`, `crate::{model, engine}`.
fn named_modules(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(k) = rest.find("crate::") {
        rest = &rest[k + "crate::".len()..];
        if let Some(list) = rest.strip_prefix('{') {
            // Top-level names of a brace list.
            let mut depth = 0;
            let mut name = String::new();
            for ch in list.chars() {
                match ch {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        out.push(std::mem::take(&mut name));
                        continue;
                    }
                    _ => {}
                }
                if depth == 0 && (ch.is_alphanumeric() || ch == '_') {
                    name.push(ch);
                } else if depth == 0 && ch == ':' && !name.is_empty() {
                    out.push(std::mem::take(&mut name));
                    // Skip the rest of this path.
                    name.push('\0');
                }
            }
            out.push(name);
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            out.push(name);
        }
    }
    out.retain(|n| !n.is_empty() && !n.starts_with('\0'));
    out
}

#[test]
fn no_module_uses_a_later_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    files.sort();
    let mut wrong = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(&src).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let module = first.trim_end_matches(".rs");
        let Some(own) = layer_of(module) else {
            // lib.rs, main.rs and cli/ sit on top and may use everything.
            continue;
        };
        let text = std::fs::read_to_string(f).unwrap();
        for (line_no, line) in code_lines(&text) {
            for used in named_modules(line) {
                if let Some(l) = layer_of(&used) {
                    if l > own {
                        wrong.push(format!("{}:{line_no}: {module} uses {used}", rel.display()));
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "later layers used:\n{}", wrong.join("\n"));
}

#[test]
fn the_parser_checks_the_layer_list_it_reads() {
    assert_eq!(
        named_modules("use crate::{engine::{Game, Move}, model::*, geometry};"),
        ["engine", "model", "geometry"]
    );
    assert_eq!(named_modules("let g = crate::native::find(x);"), ["native"]);
    let lines: Vec<_> = code_lines("a // crate::native\n/// doc\nb").collect();
    assert_eq!(lines, [(1, "a "), (3, "b")]);
}

#[test]
fn the_engine_names_no_hook() {
    let engine = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine");
    let mut files = Vec::new();
    sources(&engine, &mut files);
    let mut wrong = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            for spec in tabula::native::REGISTRY {
                // A hook's name as a string (how board rules find their pieces) or, for names
                // that are no plain word of the engine, anywhere, comments included.
                let quoted = format!("\"{}\"", spec.name);
                let plain_word = ["keep", "transfer"].contains(&spec.name);
                if lower.contains(&quoted) || (!plain_word && lower.contains(spec.name)) {
                    wrong.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
                }
            }
            for word in ["hypnosis", "hypnotized", "native::"] {
                if lower.contains(word) {
                    wrong.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "the engine names hooks:\n{}",
        wrong.join("\n")
    );
}
