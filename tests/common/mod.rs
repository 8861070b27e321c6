//! Shared test helpers: snapshots live in the top-level `snapshots/` folder.

#![allow(dead_code)]

/// Runs `f` with insta writing snapshots to `snapshots/` (not `tests/snapshots/`).
pub fn in_snapshots<R>(f: impl FnOnce() -> R) -> R {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(f)
}

/// The path of a file relative to the crate root.
pub fn root(path: &str) -> String {
    format!("{}/{}", env!("CARGO_MANIFEST_DIR"), path)
}

/// Loads a shipped game or fails the test with its rendered diagnostics.
pub fn game(path: &str) -> tabula::engine::Game {
    match tabula::load_file(&root(path)) {
        Ok(g) => g,
        Err(e) => panic!("{path} does not compile:\n{e}"),
    }
}
