//! Embeds the shipped descriptions (`../games/*.game`) in the extension, so that an installed
//! package loads `tabula.load_game("chess")` without the repository.

use std::fmt::Write;

fn main() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../games");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut games: Vec<_> = std::fs::read_dir(&dir)
        .expect("the repository's games/ folder")
        .map(|e| e.expect("a games/ entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    games.sort();
    let mut out = String::from(
        "/// The shipped descriptions: (name, text).\npub static SHIPPED: &[(&str, &str)] = &[\n",
    );
    for p in &games {
        let name = p.file_stem().unwrap().to_string_lossy();
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
