//! Embeds the shipped descriptions (`../games/*.game`, and `../games/variants/*.game` named
//! `variants/NAME`) in the extension, so that an installed package loads
//! `tabula.load_game("chess")` or `tabula.load_game("variants/capablanca")` without the
//! repository.

use std::fmt::Write;

fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../games");
    let mut games: Vec<(String, std::path::PathBuf)> = Vec::new();
    for (folder, prefix) in [("", ""), ("variants", "variants/")] {
        let dir = root.join(folder);
        println!("cargo:rerun-if-changed={}", dir.display());
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for p in entries.map(|e| e.expect("a games/ entry").path()) {
            if p.extension().is_some_and(|e| e == "game") {
                let stem = p.file_stem().unwrap().to_string_lossy().to_string();
                games.push((format!("{prefix}{stem}"), p));
            }
        }
    }
    games.sort();
    let mut out = String::from(
        "/// The shipped descriptions: (name, text).\npub static SHIPPED: &[(&str, &str)] = &[\n",
    );
    for (name, p) in &games {
        let path = p.canonicalize().unwrap();
        println!("cargo:rerun-if-changed={}", path.display());
        writeln!(
            out,
            "    ({name:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .unwrap();
    }
    out.push_str("];\n");
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("shipped.rs");
    std::fs::write(dest, out).unwrap();
}
