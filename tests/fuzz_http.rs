//! Seeded fuzzing of `tabula serve`'s HTTP API: every request must get an answer with a status,
//! none of them a 500 (a failure inside the server), and the server must stay up and small.
//!
//! Each case is one request built from random parts: a method (mostly POST, some GET, some
//! odd), a path (the API's, unknown ones, hostile ones), the Host, Origin and Content-Type
//! headers (mostly right, some not), and a body: a JSON request whose fields are shipped
//! descriptions (some mutated, some hostile text), position strings, moves, player specs,
//! depths and records, each sometimes of the wrong type or odd size; or JSON that is broken,
//! too deep or not JSON at all.
//!
//! The default campaign takes a few seconds; `TABULA_FUZZ_CASES=N` sends N requests instead
//! (as `tests/fuzz.rs` reads it). The seed is fixed, so a failure names a case to replay.

mod common;

#[path = "common/http.rs"]
mod http;

use common::{root, Server};
use serde_json::{json, Map, Value};
use std::time::Duration;
use tabula::rng::Rng;

fn cases() -> usize {
    std::env::var("TABULA_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(300)
}

/// The most memory the server may have held by the end of the campaign.
const MEMORY: u64 = 512 << 20;

/// The descriptions whose text (whole or mutated) requests carry.
const GAMES: [&str; 5] = [
    "tic-tac-toe",
    "breakthrough",
    "chess",
    "shogi",
    "english-draughts",
];

const PATHS: [&str; 16] = [
    "/api/check",
    "/api/state",
    "/api/ai",
    "/api/perft",
    "/api/record",
    "/api/load",
    "/api/state",
    "/api/ai",
    "/api/games",
    "/api/source?file=chess.game",
    "/api/source?file=..%2F..%2Fetc%2Fpasswd",
    "/api/source?file=%ff%fe",
    "/",
    "/api/nothing",
    "//api//state",
    "/api/state?x=1&&=",
];

const METHODS: [&str; 8] = [
    "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "TRACE", "BREW", "CONNECT",
];

const CONTENT_TYPES: [&str; 7] = [
    "text/plain",
    "application/json;;;",
    "APPLICATION/JSON",
    "",
    "application/jsonx",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=--",
];

const PLAYERS: [&str; 18] = [
    "random",
    "alphabeta:1",
    "alphabeta:2",
    "mcts:50",
    "mcts:20ms",
    "default",
    "mcts:0",
    "mcts:-1",
    "mcts:99999999999999999999999",
    "mcts:1000001",
    "mcts:31s",
    "mcts:1e308s",
    "mcts:NaNs",
    "mcts:infms",
    "alphabeta:0",
    "alphabeta:9",
    "alphabeta:18446744073709551616",
    "",
];

const MOVES: [&str; 14] = [
    "e2e4", "a1", "b2", "a2a3", "P*5e", "7g7f", "c3d4", "e7e5", "pass", "", "a1xc3xe5", "é",
    "\u{0}", "-",
];

fn pick<'a>(rng: &mut Rng, list: &[&'a str]) -> &'a str {
    list[rng.below(list.len())]
}

fn description(name: &str) -> String {
    std::fs::read_to_string(root(&format!("games/{name}.game"))).expect("description")
}

/// A text with a few characters inserted, removed or repeated.
fn mutate(text: &str, rng: &mut Rng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(chars.len() + 1);
        match rng.below(4) {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 => {
                let c = ['{', '}', '"', ',', '9', '0', ' ', '\n', '/', 'x', 'é'][rng.below(11)];
                chars.insert(at, c);
            }
            2 if at < chars.len() => {
                let end = (at + rng.below(40)).min(chars.len());
                let piece: Vec<char> = chars[at..end].to_vec();
                chars.splice(at..at, piece);
            }
            _ => {
                let from = rng.below(chars.len() + 1);
                let end = (from + rng.below(20)).min(chars.len());
                chars.truncate(at.max(end));
            }
        }
    }
    chars.into_iter().collect()
}

/// A value of some other JSON type than the field wants, or of an odd size.
fn odd(rng: &mut Rng) -> Value {
    match rng.below(8) {
        0 => Value::Null,
        1 => json!(-1),
        2 => json!(1.5e300),
        3 => json!(u64::MAX),
        4 => json!({ "a": [1, 2] }),
        5 => json!("x".repeat(1 + rng.below(100_000))),
        6 => json!([[[]]]),
        _ => json!(true),
    }
}

/// A description's text: shipped, mutated or hostile.
fn source(rng: &mut Rng, texts: &[String]) -> Value {
    let text = &texts[rng.below(texts.len())];
    match rng.below(20) {
        0..=7 => json!(text),
        8..=15 => json!(mutate(text, rng)),
        16..=18 => json!(["", "game", "game \"x\" {", "\u{feff}", "{{{{"][rng.below(5)]),
        _ => odd(rng),
    }
}

/// A JSON request with some of the fields the API reads, each right, wrong or odd.
fn request_json(rng: &mut Rng, texts: &[String]) -> Value {
    let mut m = Map::new();
    if rng.below(10) > 0 {
        m.insert("source".into(), source(rng, texts));
    }
    let moves: Vec<&str> = (0..rng.below(6)).map(|_| pick(rng, &MOVES)).collect();
    let positions = [
        "8/8 w",
        "x2/x2/XX1 x",
        "4k3/8/8/8/8/8/8/QR2K3 b - - 0 1",
        "",
        "///",
        "9999999999999999/8 w",
    ];
    let p = pick(rng, &positions).to_string();
    let position = if rng.below(2) == 0 {
        mutate(&p, rng)
    } else {
        p
    };
    let player = pick(rng, &PLAYERS);
    let depth = [0u64, 1, 2, 3, 9, 99, u64::MAX][rng.below(7)];
    let divide = rng.below(2) == 0;
    let seed = rng.next_u64();
    let file = ["x.game", "", "../../etc/passwd", "\n"][rng.below(4)];
    let record = mutate("game: chess.game\nwhite: human\n\n1. e2e4 e7e5\n", rng);
    let fields = [
        ("moves", json!(moves)),
        ("position", json!(position)),
        ("player", json!(player)),
        ("depth", json!(depth)),
        ("divide", json!(divide)),
        ("seed", json!(seed)),
        ("file", json!(file)),
        ("sides", json!(["human", "alphabeta:3", ""])),
        ("record", json!(record)),
    ];
    for (key, v) in fields {
        // The moves and the position are most often wrong: sent less often, so that many
        // requests reach the engine's answer.
        let often = match key {
            "position" => 6,
            "moves" => 3,
            _ => 2,
        };
        if rng.below(often) == 0 {
            m.insert(key.into(), if rng.below(24) == 0 { odd(rng) } else { v });
        }
    }
    if rng.below(20) == 0 {
        m.insert("sauce".into(), json!(1));
    }
    Value::Object(m)
}

/// A body: mostly a JSON request, else broken JSON or no JSON at all.
fn body(rng: &mut Rng, texts: &[String]) -> Vec<u8> {
    let good = request_json(rng, texts).to_string();
    match rng.below(16) {
        0 => good.as_bytes()[..rng.below(good.len() + 1)].to_vec(),
        1 => "[".repeat(1 + rng.below(100_000)).into_bytes(),
        2 => (0..rng.below(2000)).map(|_| rng.below(256) as u8).collect(),
        3 => ["null", "[]", "\"x\"", "1e999", "{}", "{\"source\": 1"][rng.below(6)].into(),
        4 => {
            let mut b = good.into_bytes();
            let at = rng.below(b.len() + 1);
            b.insert(at, 0xff);
            b
        }
        _ => good.into_bytes(),
    }
}

#[test]
fn every_request_is_answered_and_the_server_stays_up() {
    let s = Server::start("games");
    let own = http::host(&s.url).to_string();
    let port = own.rsplit(':').next().unwrap().to_string();
    let texts: Vec<String> = GAMES.iter().map(|g| description(g)).collect();
    let mut rng = Rng::new(0x5e77e);
    let n = cases();
    // How many answers had each status.
    let mut statuses = std::collections::BTreeMap::new();
    for case in 0..n {
        // Most requests are the page's own, with hostile contents; the others are odd at the
        // door too (method, path, host, origin or content type).
        let odd_door = rng.below(4) == 0;
        let (method, path) = if odd_door {
            let method = match rng.below(3) {
                0 => "POST",
                1 => "GET",
                _ => pick(&mut rng, &METHODS),
            };
            (method, pick(&mut rng, &PATHS))
        } else {
            ("POST", pick(&mut rng, &PATHS[..8]))
        };
        let host = match rng.below(if odd_door { 3 } else { 1 }) {
            1 => "evil.example".to_string(),
            2 => format!("localhost:{port}"),
            _ => own.clone(),
        };
        let origin = match rng.below(if odd_door { 3 } else { 1 }) {
            1 => Some("http://evil.example".to_string()),
            2 => Some(format!("http://{own}")),
            _ => None,
        };
        let content_type = if odd_door && rng.below(3) == 0 {
            pick(&mut rng, &CONTENT_TYPES)
        } else {
            "application/json"
        };
        let mut headers = vec![("Content-Type", content_type)];
        if let Some(o) = &origin {
            headers.push(("Origin", o));
        }
        let body = body(&mut rng, &texts);
        let raw = http::request(method, path, &host, &headers, &body);
        let what = format!(
            "case {case}: {method} {path} (Host {host}, Origin {origin:?}, {content_type}, {} \
             bytes: {:?})",
            body.len(),
            String::from_utf8_lossy(&body[..body.len().min(300)])
        );
        let answer = match http::send(&s.url, &raw, Duration::from_secs(90)) {
            Ok(Some(a)) => a,
            Ok(None) => panic!("{what}: the connection closed without an answer"),
            Err(e) => panic!("{what}: no answer: {e}"),
        };
        assert!(
            (200..500).contains(&answer.status) || answer.status == 503,
            "{what}: {} {}",
            answer.status,
            answer.body
        );
        *statuses.entry(answer.status).or_insert(0) += 1;
        if case % 25 == 24 {
            let page = ureq::get(&format!("{}/page.css", s.url)).call();
            assert!(page.is_ok(), "{what}: the server is down afterwards");
        }
    }
    let page = ureq::get(&format!("{}/", s.url)).call();
    assert!(page.is_ok_and(|p| p.status() == 200), "the server is down");
    let peak = http::peak_memory(s.pid());
    assert!(peak < MEMORY, "the server took {} MB", peak >> 20);
    eprintln!(
        "{n} requests; answers by status: {statuses:?}; peak memory {} MB",
        peak >> 20
    );
    // The campaign reached the engine, not only the refusals at the door.
    assert!(
        statuses.get(&200).is_some_and(|&k| k * 10 >= n),
        "too few requests were answered 200: {statuses:?}"
    );
}
