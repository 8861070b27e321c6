//! Boards drawn as SVG (`tabula show --svg`). Each case is drawn by the command and compared
//! with its file in `tests/svg/` (the README shows some of them; `TABULA_BLESS=1` rewrites
//! them after a reviewed change), and read as XML to check what it must hold whatever its
//! look: every cell once and clickable by name, a piece on each occupied cell and none
//! elsewhere, the last move's cells tinted, each kind in hand with its count.

mod common;

use common::{root, run_tabula};
use std::collections::BTreeMap;
use tabula::engine::Position;

/// A name, the description, and the `show` options that set up the position.
const CASES: &[(&str, &str, &[&str])] = &[
    ("chess", "games/chess.game", &["--moves", "e2e4 e7e5 g1f3"]),
    ("hex", "games/hex.game", &["--moves", "f6 e5 a1"]),
    ("y", "games/y.game", &["--moves", "d1 c3 a7"]),
    (
        "havannah4",
        "games/havannah4.game",
        &["--moves", "d4 a1 g7"],
    ),
    ("rascals", "games/rascals.game", &[]),
    // Four players in two teams, each in their own colour.
    (
        "chatrang",
        "games/chatrang.game",
        &["--moves", "b2b4 g7g5 e2e3 c7c6"],
    ),
    (
        "chinese-checkers",
        "games/chinese-checkers.game",
        &["--moves", "k15-i13 e4-e5"],
    ),
    (
        "nine-mens-morris",
        "games/nine-mens-morris.game",
        &["--moves", "d7 a1 g7"],
    ),
    (
        "crazyhouse",
        "games/crazyhouse.game",
        &[
            "--position",
            "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNB1KBNR[Qq] w KQkq - 0 1",
        ],
    ),
    (
        "ducart",
        "games/ducart.game",
        &["--position", "7k/w6w/8/8/3w'4/8/[KW]6W/8 w - 0 1"],
    ),
    (
        "hypnosis",
        "tests/language/hypnosis.game",
        &["--position", "7k/8/5s2/8/3R4/8/8/7K w"],
    ),
    (
        "tic-tac-toe",
        "games/tic-tac-toe.game",
        &["--moves", "a1 b2 c3"],
    ),
    ("go9", "games/go9.game", &["--moves", "e5 c3 d4"]),
    ("surakarta", "games/surakarta.game", &["--moves", "b2-c3"]),
    (
        "omweso",
        "games/omweso.game",
        &[
            "--position",
            "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2[0,0] 0,0 s 0 1",
            "--moves",
            "a1cw",
        ],
    ),
];

fn option<'a>(args: &[&'a str], name: &str) -> Option<&'a str> {
    args.iter().position(|a| *a == name).map(|i| args[i + 1])
}

/// The elements with `class` (one of its classes), by their `data-cell`.
fn by_cell(doc: &roxmltree::Document, class: &str) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for n in doc.descendants() {
        let classes = n.attribute("class").unwrap_or("");
        if classes.split(' ').any(|c| c == class) {
            let cell = n.attribute("data-cell").unwrap_or("").to_string();
            *out.entry(cell).or_insert(0) += 1;
        }
    }
    out
}

fn check_structure(name: &str, file: &str, args: &[&str], svg: &str) {
    let g = common::game(file);
    let mut pos = match option(args, "--position") {
        Some(p) => Position::from_text(&g, p).expect("the case's position"),
        None => g.start(),
    };
    let mut last = None;
    for m in option(args, "--moves").unwrap_or("").split_whitespace() {
        let mv = pos.parse_move(m).expect("the case's move");
        pos.play_unchecked(&mv);
        last = Some(mv);
    }
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{name}: not XML: {e}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let b = &g.board;
    // Every cell once, by its name.
    let cells = by_cell(&doc, "cell");
    let mut names: Vec<String> = b.names.clone();
    names.sort();
    assert_eq!(cells.keys().cloned().collect::<Vec<_>>(), names, "{name}");
    assert!(
        cells.values().all(|&n| n == 1),
        "{name}: a cell drawn twice"
    );
    // A piece on each occupied cell, none elsewhere.
    let occupied: Vec<String> = {
        let mut v: Vec<String> = (0..b.len())
            .filter(|&c| pos.at(c as u16) != 0)
            .map(|c| b.names[c].clone())
            .collect();
        v.sort();
        v
    };
    let pieces = by_cell(&doc, "piece");
    assert_eq!(
        pieces.keys().cloned().collect::<Vec<_>>(),
        occupied,
        "{name}"
    );
    // The last move's cells, tinted.
    let tinted = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("last"))
        .count();
    let expected = last.map_or(0, |m| pos.move_cells(&m).1.len());
    assert_eq!(tinted, expected, "{name}: last-move marks");
    // Pieces in hand: each kind held, with its count.
    let mut held = Vec::new();
    for n in doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("hand"))
    {
        let owner: usize = n.attribute("data-owner").expect("owner").parse().unwrap();
        let letter = n.attribute("data-piece").expect("piece").to_string();
        let count: String = n
            .descendants()
            .filter(|t| t.is_text())
            .filter_map(|t| t.text())
            .filter(|t| t.chars().all(|c| c.is_ascii_digit()))
            .collect();
        held.push((owner, letter, count));
    }
    let mut want = Vec::new();
    if !g.initial_hand.is_empty() {
        for p in 0..2 {
            for k in 0..g.kinds.len() {
                let code = g.code(k, p);
                let n = pos.in_hand(code);
                if n > 0 {
                    want.push((p, g.letter(code).to_string(), n.to_string()));
                }
            }
        }
    }
    assert_eq!(held, want, "{name}: hands");
    // Circuits of captures: one line each, with an arc for each of its loops.
    let circuits: Vec<usize> = g
        .rules
        .iter()
        .flatten()
        .find_map(|r| match r {
            tabula::engine::Rule::Circuits { circuits, .. } => Some(
                circuits
                    .iter()
                    .map(|c| c.iter().filter(|&&(_, looped)| looped).count())
                    .collect(),
            ),
            _ => None,
        })
        .unwrap_or_default();
    let drawn: Vec<usize> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("circuit"))
        .map(|n| n.attribute("d").unwrap_or("").matches('A').count())
        .collect();
    assert_eq!(drawn, circuits, "{name}: circuits and their loops");
}

#[test]
fn boards_are_drawn_as_svg() {
    let bless = std::env::var("TABULA_BLESS").is_ok_and(|v| v == "1");
    let mut stale = Vec::new();
    for (name, file, args) in CASES {
        let mut argv = vec!["show", file];
        argv.extend_from_slice(args);
        argv.extend(["--svg", "-"]);
        let (code, svg, err) = run_tabula(&argv, "");
        assert_eq!(code, 0, "{name}: {err}");
        check_structure(name, file, args, &svg);
        let path = root(&format!("tests/svg/{name}.svg"));
        if bless {
            std::fs::write(&path, &svg).expect("write the drawing");
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_default();
        if want != svg {
            let first = want
                .lines()
                .zip(svg.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(want.lines().count().min(svg.lines().count()));
            stale.push(format!(
                "{name}: differs from tests/svg/{name}.svg from line {}:\n  was: {}\n  now: {}",
                first + 1,
                want.lines().nth(first).unwrap_or("(end)"),
                svg.lines().nth(first).unwrap_or("(end)")
            ));
        }
    }
    assert!(
        stale.is_empty(),
        "{}\nlook at the drawings, then rerun with TABULA_BLESS=1 to accept them",
        stale.join("\n")
    );
}

#[test]
fn a_drawing_goes_to_a_file_and_a_bad_path_is_a_plain_error() {
    let out = std::env::temp_dir().join(format!("tabula-svg-{}.svg", std::process::id()));
    let out = out.to_string_lossy().to_string();
    let (code, _, err) = run_tabula(&["show", "games/hex.game", "--svg", &out], "");
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&out).expect("the drawing is written");
    assert!(text.starts_with("<svg"), "{text}");
    let _ = std::fs::remove_file(&out);
    let (code, _, err) = run_tabula(
        &["show", "games/hex.game", "--svg", "/no/such/folder/x.svg"],
        "",
    );
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: cannot write /no/such/folder/x.svg"),
        "{err}"
    );
    let (code, _, err) = run_tabula(&["show", "games/hex.game", "--svg", "-", "--levels"], "");
    assert_eq!(code, 2, "{err}");
}
