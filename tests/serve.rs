//! `tabula serve`: each endpoint the page uses, over real HTTP against the binary.

mod common;

use common::{root, Server};
use serde_json::{json, Value};

fn get(s: &Server, path: &str) -> (u16, String) {
    match ureq::get(&format!("{}{path}", s.url)).call() {
        Ok(r) => (r.status(), r.into_string().expect("text")),
        Err(ureq::Error::Status(code, r)) => (code, r.into_string().expect("text")),
        Err(e) => panic!("GET {path}: {e}"),
    }
}

fn post(s: &Server, path: &str, body: &Value) -> (u16, Value) {
    let r = match ureq::post(&format!("{}{path}", s.url)).send_json(body) {
        Ok(r) => r,
        Err(ureq::Error::Status(_, r)) => r,
        Err(e) => panic!("POST {path}: {e}"),
    };
    (r.status(), r.into_json().expect("a JSON answer"))
}

fn source(game: &str) -> String {
    std::fs::read_to_string(root(&format!("games/{game}.game"))).expect("description")
}

fn texts(state: &Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["text"].as_str().expect("text").to_string())
        .collect()
}

fn find<'v>(state: &'v Value, text: &str) -> &'v Value {
    state["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .find(|m| m["text"] == text)
        .unwrap_or_else(|| panic!("no move {text}"))
}

#[test]
fn the_page_and_its_files_are_served() {
    let s = Server::start("games");
    let (code, page) = get(&s, "/");
    assert_eq!(code, 200);
    assert!(page.contains(r#"<script src="/page.js">"#), "{page}");
    for asset in ["/page.js", "/page.css"] {
        let (code, body) = get(&s, asset);
        assert_eq!(code, 200, "{asset}");
        assert!(body.len() > 500, "{asset} is served whole");
    }
    let (code, body) = get(&s, "/nothing");
    assert_eq!(code, 404);
    assert!(body.contains("nothing at /nothing"), "{body}");
}

#[test]
fn games_are_listed_and_their_sources_served() {
    let s = Server::start("games");
    let (code, body) = get(&s, "/api/games");
    assert_eq!(code, 200);
    let list: Value = serde_json::from_str(&body).expect("JSON");
    let games = list["games"].as_array().expect("games");
    assert_eq!(games.len(), common::files("games", "game").len());
    assert!(games
        .iter()
        .any(|g| g["file"] == "tic-tac-toe.game" && g["title"] == "Tic-tac-toe"));
    let (code, text) = get(&s, "/api/source?file=chess.game");
    assert_eq!(code, 200);
    assert_eq!(text, source("chess"));
    // Only the files served, never a path.
    let (code, _) = get(&s, "/api/source?file=..%2FCargo.toml");
    assert_eq!(code, 404);
    // One description served alone.
    let one = Server::start("games/hex.game");
    let (_, body) = get(&one, "/api/games");
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["games"][0]["file"],
        "hex.game"
    );
}

#[test]
fn a_description_is_checked_with_lines_and_columns() {
    let s = Server::start("games");
    let text = source("breakthrough").replace("step forward,", "stepp forward,");
    let line = text.lines().position(|l| l.contains("stepp")).unwrap() + 1;
    let column = text.lines().nth(line - 1).unwrap().find("stepp").unwrap() + 1;
    let (code, r) = post(
        &s,
        "/api/check",
        &json!({ "source": text, "file": "x.game" }),
    );
    assert_eq!(code, 200);
    assert_eq!(r["ok"], false);
    let d = &r["diagnostics"][0];
    assert_eq!(d["severity"], "error");
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64()),
        (Some(line as u64), Some(column as u64))
    );
    assert!(
        r["rendered"]
            .as_str()
            .unwrap()
            .contains(&format!("x.game:{line}:{column}")),
        "{}",
        r["rendered"]
    );
    let (_, r) = post(
        &s,
        "/api/check",
        &json!({ "source": source("breakthrough") }),
    );
    assert_eq!(r["ok"], true);
    assert_eq!(r["diagnostics"], json!([]));
}

#[test]
fn the_state_of_a_game_has_its_drawing_and_moves_with_their_cells() {
    let s = Server::start("games");
    let (code, r) = post(
        &s,
        "/api/state",
        &json!({ "source": source("chess"), "moves": ["e2e4"] }),
    );
    assert_eq!(code, 200);
    assert_eq!(r["turn"], 1);
    assert_eq!(r["players"], json!(["white", "black"]));
    assert_eq!(texts(&r).len(), 20);
    assert_eq!(find(&r, "e7e5")["cells"], json!(["e7", "e5"]));
    assert_eq!(find(&r, "g8f6")["hand"], Value::Null);
    let svg = r["svg"].as_str().unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains(r#"data-cell="e4""#),
        "{svg}"
    );
    // A drop starts at the hand; a promotion choice shares its cells with the other.
    let (_, r) = post(
        &s,
        "/api/state",
        &json!({ "source": source("shogi"), "position": "4k4/9/P8/9/9/9/9/9/4K4 b P 0 1" }),
    );
    assert_eq!(find(&r, "P*5e")["hand"], "P");
    assert_eq!(find(&r, "P*5e")["cells"], json!(["5e"]));
    assert_eq!(find(&r, "9c9b+")["cells"], find(&r, "9c9b")["cells"]);
    // An Amazon's move and shot are three clicks: the queen, where it lands, the arrow.
    // A jump chain is clicked landing by landing.
    let (_, r) = post(
        &s,
        "/api/state",
        &json!({ "source": source("english-draughts"), "position": "8/8/8/8/3m4/8/1m6/M7 b 0 1" }),
    );
    assert_eq!(texts(&r), ["a1xc3xe5"]);
    assert_eq!(find(&r, "a1xc3xe5")["cells"], json!(["a1", "c3", "e5"]));
    let (_, r) = post(&s, "/api/state", &json!({ "source": source("amazons") }));
    for m in r["moves"].as_array().unwrap() {
        let t = m["text"].as_str().unwrap();
        let (from_to, shot) = t.split_once('/').unwrap();
        let (from, to) = from_to.split_once('-').unwrap();
        assert_eq!(m["cells"], json!([from, to, shot]), "{t}");
    }
    // A Backgammon turn is clicked step by step: each die's cells, a piece entering from the
    // hand by its cell alone; the throw is in the state.
    let (_, r) = post(
        &s,
        "/api/state",
        &json!({ "source": source("backgammon"), "moves": ["throw-1-3"] }),
    );
    assert_eq!(r["turn"], 1);
    assert_eq!(r["throw"], "1-3");
    assert_eq!(texts(&r).len(), 16);
    assert_eq!(
        find(&r, "a1-c2,e2-f2")["cells"],
        json!(["a1", "c2", "e2", "f2"])
    );
    // A finished game has no moves and says how it ended.
    let (_, r) = post(
        &s,
        "/api/state",
        &json!({ "source": source("tic-tac-toe"), "moves": ["a1", "a2", "b1", "b2", "c1"] }),
    );
    assert_eq!(r["moves"], json!([]));
    assert_eq!(r["outcome"]["winner"], 0);
    assert!(r["outcome"]["text"].as_str().unwrap().starts_with("x wins"));
}

#[test]
fn mistakes_get_plain_answers() {
    let s = Server::start("games");
    let (code, r) = post(
        &s,
        "/api/state",
        &json!({ "source": source("chess"), "moves": ["e2e4", "e2e5"] }),
    );
    assert_eq!(code, 400);
    assert!(
        r["error"]
            .as_str()
            .unwrap()
            .starts_with("move 2 `e2e5`: `e2e5` is not a legal move"),
        "{r}"
    );
    let (code, r) = post(&s, "/api/state", &json!({ "source": "game \"x\" {" }));
    assert_eq!(code, 422);
    assert_eq!(r["ok"], false);
    assert!(!r["diagnostics"].as_array().unwrap().is_empty());
    let (code, r) = post(&s, "/api/state", &json!({ "sauce": 1 }));
    assert_eq!(code, 400);
    assert!(
        r["error"].as_str().unwrap().contains("not understood"),
        "{r}"
    );
    let (code, r) = post(
        &s,
        "/api/state",
        &json!({ "source": source("chess"), "position": "8/8 w" }),
    );
    assert_eq!(code, 400);
    assert!(
        r["error"]
            .as_str()
            .unwrap()
            .starts_with("the position cannot be read"),
        "{r}"
    );
}

#[test]
fn a_computer_player_chooses_a_legal_move() {
    let s = Server::start("games");
    for player in ["random", "alphabeta:1", "mcts:200", "default"] {
        let body = json!({ "source": source("breakthrough"), "moves": ["a2a3"],
                           "player": player, "seed": 7 });
        let (code, r) = post(&s, "/api/ai", &body);
        assert_eq!(code, 200, "{player}: {r}");
        let (_, state) = post(&s, "/api/state", &body);
        assert!(
            texts(&state).contains(&r["move"].as_str().unwrap().to_string()),
            "{r}"
        );
    }
    let (code, r) = post(
        &s,
        "/api/ai",
        &json!({ "source": source("chess"), "player": "deep" }),
    );
    assert_eq!(code, 400);
    assert!(r["error"].as_str().unwrap().contains("deep"), "{r}");
    // Budgets past the server's limits are refused before any search, whichever player.
    for player in [
        "mcts:5000000",
        "mcts:31s",
        "default:31s",
        "default:1000001",
        "baseline:60s",
        "baseline:2000000",
    ] {
        let long = json!({ "source": source("chess"), "player": player });
        let (code, r) = post(&s, "/api/ai", &long);
        assert_eq!(code, 400, "{player}: {r}");
        assert!(
            r["error"].as_str().unwrap().contains("at most 30 s"),
            "{player}: {r}"
        );
    }
    let over = json!({ "source": source("tic-tac-toe"), "moves": ["a1", "a2", "b1", "b2", "c1"],
                       "player": "random" });
    let (code, r) = post(&s, "/api/ai", &over);
    assert_eq!(code, 400);
    assert!(
        r["error"].as_str().unwrap().starts_with("the game is over"),
        "{r}"
    );
}

#[test]
fn a_path_that_cannot_be_served_is_an_error() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "no-such-folder"])
        .output()
        .expect("tabula runs");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: cannot read no-such-folder: no such file or folder\n"
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", &root("tests/perft")])
        .output()
        .expect("tabula runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("holds no `.game` files"));
}

#[test]
fn perft_counts_and_divides() {
    let s = Server::start("games");
    let (code, r) = post(
        &s,
        "/api/perft",
        &json!({ "source": source("chess"), "depth": 3 }),
    );
    assert_eq!(code, 200);
    assert_eq!(r["nodes"], 8902);
    let (_, r) = post(
        &s,
        "/api/perft",
        &json!({ "source": source("chess"), "depth": 2, "divide": true, "moves": ["e2e4"] }),
    );
    let split = r["divide"].as_array().unwrap();
    assert_eq!(split.len(), 20);
    let sum: u64 = split.iter().map(|d| d["nodes"].as_u64().unwrap()).sum();
    assert_eq!(r["nodes"].as_u64(), Some(sum));
    assert_eq!(sum, 600);
    let (code, r) = post(
        &s,
        "/api/perft",
        &json!({ "source": source("chess"), "depth": 9 }),
    );
    assert_eq!(code, 400);
    assert!(r["error"].as_str().unwrap().contains("tabula perft"), "{r}");
}

#[test]
fn a_record_is_saved_and_loaded_back() {
    let s = Server::start("games");
    let moves = json!(["e2e4", "e7e5", "g1f3"]);
    let (code, r) = post(
        &s,
        "/api/record",
        &json!({ "source": source("chess"), "file": "chess.game", "moves": moves,
                 "sides": ["human", "alphabeta:3"] }),
    );
    assert_eq!(code, 200);
    let text = r["text"].as_str().unwrap().to_string();
    assert!(
        text.contains("game: chess.game") && text.contains("black: alphabeta:3"),
        "{text}"
    );
    let (code, r) = post(
        &s,
        "/api/load",
        &json!({ "source": source("chess"), "record": text }),
    );
    assert_eq!(code, 200);
    assert_eq!(r["moves"], moves);
    assert_eq!(r["note"], Value::Null);
    // A record whose moves the description does not allow.
    let (code, r) = post(
        &s,
        "/api/load",
        &json!({ "source": source("breakthrough"), "record": text }),
    );
    assert_eq!(code, 400);
    assert!(r["error"].as_str().unwrap().contains("does not fit"), "{r}");
}

#[path = "common/http.rs"]
mod http;

use std::time::{Duration, Instant};

/// Sends `raw` and returns the answer (there must be one within 10 s).
fn raw(s: &Server, raw: &[u8]) -> http::Answer {
    http::send(&s.url, raw, Duration::from_secs(10))
        .expect("an answer")
        .expect("a status line")
}

#[test]
fn requests_from_elsewhere_are_refused() {
    let s = Server::start("games");
    let host = http::host(&s.url).to_string();
    let port = host.rsplit(':').next().unwrap().to_string();
    let body = json!({ "source": source("tic-tac-toe") }).to_string();
    let state = |headers: &[(&str, &str)], host: &str| {
        raw(
            &s,
            &http::request("POST", "/api/state", host, headers, body.as_bytes()),
        )
    };
    let json = ("Content-Type", "application/json");
    // The page's own requests.
    for origin in [format!("http://{host}"), format!("http://localhost:{port}")] {
        let a = state(&[json, ("Origin", &origin)], &host);
        assert_eq!(a.status, 200, "{origin}: {}", a.body);
    }
    assert_eq!(state(&[json], &format!("localhost:{port}")).status, 200);
    // Another site's page, posting from a script or a form, or a host name pointed here.
    for origin in ["http://evil.example", "null", "http://127.0.0.1:1"] {
        let a = state(&[json, ("Origin", origin)], &host);
        assert_eq!(a.status, 403, "{origin}");
        assert!(
            a.body.contains("requests from other sites are refused"),
            "{}",
            a.body
        );
    }
    for other in ["evil.example", &format!("evil.example:{port}"), "127.0.0.1"] {
        let a = state(&[json], other);
        assert_eq!(a.status, 403, "{other}");
        assert!(a.body.contains("must be addressed to"), "{}", a.body);
        let a = raw(&s, &http::request("GET", "/api/games", other, &[], b""));
        assert_eq!(a.status, 403, "{other}");
    }
    for content_type in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=b",
    ] {
        let a = state(&[("Content-Type", content_type)], &host);
        assert_eq!(a.status, 415, "{content_type}");
        assert!(a.body.contains("must be sent as JSON"), "{}", a.body);
    }
    assert_eq!(state(&[], &host).status, 415);
}

#[test]
fn oversized_and_misdirected_requests_get_plain_answers() {
    let s = Server::start("games");
    let host = http::host(&s.url).to_string();
    // A body longer than the server reads: refused from its stated length, unread.
    let head = format!(
        "POST /api/check HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        6 << 20
    );
    let a = raw(&s, head.as_bytes());
    assert_eq!(a.status, 413);
    assert!(a.body.contains("larger than 5 MiB"), "{}", a.body);
    // A game longer than the server replays.
    let moves = vec!["e2e4"; 10_001];
    let (code, r) = post(
        &s,
        "/api/state",
        &json!({ "source": source("chess"), "moves": moves }),
    );
    assert_eq!(code, 400);
    assert!(
        r["error"].as_str().unwrap().contains("at most 10000"),
        "{r}"
    );
    // Known paths, wrong methods.
    for (method, path) in [("GET", "/api/state"), ("PUT", "/api/ai"), ("DELETE", "/")] {
        let a = raw(&s, &http::request(method, path, &host, &[], b""));
        assert_eq!(a.status, 405, "{method} {path}");
        assert!(a.body.contains("is not served"), "{}", a.body);
    }
    // Not JSON at all.
    let json = [("Content-Type", "application/json")];
    let a = raw(
        &s,
        &http::request("POST", "/api/ai", &host, &json, b"{\"source\": \xff}"),
    );
    assert_eq!(a.status, 400);
    assert!(a.body.contains("not understood"), "{}", a.body);
}

#[test]
fn a_search_stops_when_its_client_goes_away() {
    let s = Server::start("games");
    // Perft 8 on chess counts for far longer than anyone waits: each client gives up after
    // a moment. If their counts went on, they would hold both search slots and the next
    // search would wait 10 s for one and then be refused.
    let deep = json!({ "source": source("chess"), "depth": 8 }).to_string();
    for _ in 0..3 {
        let gone = http::send(
            &s.url,
            &http::post_json(&s.url, "/api/perft", &deep),
            Duration::from_millis(500),
        );
        assert!(gone.is_err(), "perft 8 answered: {gone:?}");
    }
    let clock = Instant::now();
    let (code, r) = post(
        &s,
        "/api/perft",
        &json!({ "source": source("chess"), "depth": 3 }),
    );
    assert_eq!((code, r["nodes"].as_u64()), (200, Some(8902)), "{r}");
    assert!(
        clock.elapsed() < Duration::from_secs(5),
        "the abandoned counts held the slots for {:?}",
        clock.elapsed()
    );
}

/// The most memory the MCTS request below may take the server to. Without a cap on the tree,
/// it took more than 10 GB and the server died (/work/shared/repro/serve-mcts-memory.sh).
const MCTS_MEMORY: u64 = 256 << 20;

#[test]
fn the_largest_mcts_search_allowed_fits_in_memory_and_answers_in_time() {
    let s = Server::start("games");
    let body = json!({ "source": source("go9"), "player": "mcts:1000000", "seed": 1 });
    let clock = Instant::now();
    let (code, r) = post(&s, "/api/ai", &body);
    assert_eq!(code, 200, "{r}");
    // Stopped at 30 s with its best move, rather than after a million iterations.
    assert!(
        clock.elapsed() < Duration::from_secs(40),
        "{:?}",
        clock.elapsed()
    );
    let (_, state) = post(&s, "/api/state", &body);
    assert!(
        texts(&state).contains(&r["move"].as_str().unwrap().to_string()),
        "{r}"
    );
    let peak = http::peak_memory(s.pid());
    assert!(peak < MCTS_MEMORY, "the server took {} MB", peak >> 20);
}

#[test]
fn a_silent_connection_is_closed() {
    use std::io::{Read, Write};
    let s = Server::start("games");
    // Headers begun and never finished, as a client that holds connections open would.
    let mut c = std::net::TcpStream::connect(http::host(&s.url)).expect("a connection");
    c.write_all(b"GET / HTTP/1.1\r\n").expect("sent");
    c.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let clock = Instant::now();
    let mut buf = [0; 256];
    let n = c.read(&mut buf).unwrap_or(0);
    let waited = clock.elapsed();
    assert!(
        n == 0 || String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 408"),
        "{}",
        String::from_utf8_lossy(&buf[..n])
    );
    assert!(
        (Duration::from_secs(9)..Duration::from_secs(20)).contains(&waited),
        "closed after {waited:?}"
    );
}

#[test]
fn a_record_longer_than_the_server_replays_is_refused() {
    let s = Server::start("games");
    let (_, r) = post(
        &s,
        "/api/record",
        &json!({ "source": source("tic-tac-toe"), "file": "tic-tac-toe.game" }),
    );
    let text = format!(
        "{}\nmoves: {}\n",
        r["text"].as_str().unwrap(),
        "a1; ".repeat(10_001)
    );
    let (code, r) = post(
        &s,
        "/api/load",
        &json!({ "source": source("tic-tac-toe"), "record": text }),
    );
    assert_eq!(code, 400, "{r}");
    assert!(
        r["error"].as_str().unwrap().contains("at most 10000"),
        "{r}"
    );
}

#[test]
fn more_requests_at_once_than_the_server_takes_are_told_it_is_busy() {
    // 80 long searches and counts at once: two run, the others wait for a search slot, and
    // those past the 64 requests in flight (on all routes together) are answered 503 at
    // once. Each client gives up after 3 s, which stops its search or its wait.
    let s = Server::start("games");
    let deep = json!({ "source": source("chess"), "depth": 8 }).to_string();
    let long = json!({ "source": source("go9"), "player": "mcts:30s" }).to_string();
    let clients: Vec<_> = (0..80)
        .map(|i| {
            let url = s.url.clone();
            let raw = if i % 2 == 0 {
                http::post_json(&url, "/api/perft", &deep)
            } else {
                http::post_json(&url, "/api/ai", &long)
            };
            std::thread::spawn(move || http::send(&url, &raw, Duration::from_secs(3)))
        })
        .collect();
    let mut busy = 0;
    let mut waiting = 0;
    for c in clients {
        match c.join().expect("a client") {
            Ok(Some(a)) => {
                assert_eq!(a.status, 503, "{}", a.body);
                assert!(a.body.contains("busy"), "{}", a.body);
                busy += 1;
            }
            Ok(None) => panic!("a connection closed without an answer"),
            Err(_) => waiting += 1,
        }
    }
    // 16 busy and 64 waiting when all arrive within the clients' 3 s, as they do; fewer
    // busy on a machine slow enough for some clients to give up before the last ones send.
    assert!((1..=16).contains(&busy), "{busy} busy, {waiting} waiting");
    assert_eq!(busy + waiting, 80);
    // The server serves again once the abandoned requests have stopped: at once on an idle
    // machine, within moments on a loaded one (each stops at its next look at the clock).
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut code = get(&s, "/api/games").0;
    while code == 503 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
        code = get(&s, "/api/games").0;
    }
    assert_eq!(code, 200);
}

#[test]
fn a_position_with_more_moves_than_the_page_lists_is_refused() {
    let s = Server::start("games");
    // Amazons on 20 x 20: 10,527 moves from the start, each with its cells for the page.
    let big = source("amazons")
        .replace("board square 10 x 10", "board square 20 x 20")
        .replace("a7 d10 g10 j7", "a17 d20 g20 j17");
    for path in ["/api/state", "/api/ai", "/api/perft"] {
        let body = json!({ "source": big, "player": "random", "depth": 1 });
        let (code, r) = post(&s, path, &body);
        assert_eq!(code, 400, "{path}: {r}");
        assert!(
            r["error"]
                .as_str()
                .unwrap()
                .starts_with("the position has 10527 moves, more than the 10000 listed here"),
            "{path}: {r}"
        );
    }
    let (code, _) = post(&s, "/api/state", &json!({ "source": source("amazons") }));
    assert_eq!(code, 200);
}

/// The most memory the server may take for a description whose start has millions of moves.
const EXPLOSION_MEMORY: u64 = 1 << 30;

/// `tests/repro/capacity/move-list-explosion.game` (a copy of the shared reproducer): capture chains
/// through a lattice of 121 men, millions of moves from the start. Posted to /api/check it
/// used to end the server (a ~8 GB move list). Now each request gets an answer that is not a failure
/// (the engine refuses the position's move list), and the server stays up and small. The
/// server is watched from here and killed if it passes `EXPLOSION_MEMORY`, so that a
/// regression fails this test instead of the machine.
#[test]
fn a_description_with_too_many_moves_is_answered_and_the_server_stays_up() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let s = Server::start("games");
    let text = std::fs::read_to_string(root("tests/repro/capacity/move-list-explosion.game"))
        .expect("the reproducer");
    let pid = s.pid();
    let done = Arc::new(AtomicBool::new(false));
    let watching = done.clone();
    let watcher = std::thread::spawn(move || {
        while !watching.load(Ordering::Relaxed) {
            if http::peak_memory(pid) > EXPLOSION_MEMORY {
                let _ = std::process::Command::new("kill")
                    .args(["-9", &pid.to_string()])
                    .status();
                return true;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        false
    });
    let mut answers = Vec::new();
    for path in ["/api/check", "/api/state", "/api/perft", "/api/ai"] {
        let body = json!({ "source": text, "depth": 1, "player": "random" }).to_string();
        let a = http::send(
            &s.url,
            &http::post_json(&s.url, path, &body),
            Duration::from_secs(60),
        );
        answers.push((path, a));
    }
    done.store(true, Ordering::Relaxed);
    let killed = watcher.join().expect("the watcher");
    assert!(!killed, "the server took more than 1 GB: {answers:?}");
    for (path, a) in answers {
        let a = a
            .unwrap_or_else(|e| panic!("{path}: no answer: {e}"))
            .unwrap_or_else(|| panic!("{path}: no status"));
        assert!(a.status < 500, "{path}: {} {}", a.status, a.body);
    }
    let (code, _) = get(&s, "/api/games");
    assert_eq!(code, 200);
}
