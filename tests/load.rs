//! A load test of `tabula serve`: many clients at once, on the loopback only, mixing moves,
//! computer players, perft, checks and bad requests against one server. Every request must
//! be answered (with its own answer, a deliberate 4xx, or a 503 when the server is full), the
//! server must stay up, and its peak memory must stay under [`MEMORY`].
//!
//! Bounded in count ([`CLIENTS`] x [`REQUESTS`]) and in time: clients stop sending after
//! [`SENDING`], and every request is cheap on its own, so the test ends by itself within
//! seconds on two cores.

mod common;

#[path = "common/http.rs"]
mod http;

use common::{root, Server};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tabula::rng::Rng;

/// Clients sending at once, each on its own connection kept open.
const CLIENTS: usize = 32;

/// Requests each client sends.
const REQUESTS: usize = 25;

/// After this, clients send nothing more.
const SENDING: Duration = Duration::from_secs(30);

/// The most memory the server may have held by the end: its searches are few at a time and
/// bounded, and its other work is small.
const MEMORY: u64 = 256 << 20;

fn source(game: &str) -> String {
    std::fs::read_to_string(root(&format!("games/{game}.game"))).expect("description")
}

/// One kind of request: where it goes, what it sends, and how to tell a right answer.
struct Kind {
    name: &'static str,
    path: &'static str,
    body: Value,
    /// The status of a right answer (a 503 is accepted for any request).
    status: u16,
    check: fn(&Value) -> bool,
}

fn kinds() -> Vec<Kind> {
    let chess = source("chess");
    let breakthrough = source("breakthrough");
    let has_move = |v: &Value| v["move"].as_str().is_some_and(|m| !m.is_empty());
    vec![
        Kind {
            name: "state",
            path: "/api/state",
            body: json!({ "source": chess, "moves": ["e2e4", "e7e5"] }),
            status: 200,
            check: |v| v["moves"].as_array().is_some_and(|m| m.len() == 29),
        },
        Kind {
            name: "random move",
            path: "/api/ai",
            body: json!({ "source": breakthrough, "player": "random", "seed": 3 }),
            status: 200,
            check: has_move,
        },
        Kind {
            name: "alpha-beta move",
            path: "/api/ai",
            body: json!({ "source": breakthrough, "player": "alphabeta:2", "moves": ["a2a3"] }),
            status: 200,
            check: has_move,
        },
        Kind {
            name: "mcts move",
            path: "/api/ai",
            body: json!({ "source": source("go9"), "player": "mcts:100ms", "seed": 1 }),
            status: 200,
            check: has_move,
        },
        Kind {
            name: "perft",
            path: "/api/perft",
            body: json!({ "source": chess, "depth": 3 }),
            status: 200,
            check: |v| v["nodes"] == 8902,
        },
        Kind {
            name: "check",
            path: "/api/check",
            body: json!({ "source": breakthrough }),
            status: 200,
            check: |v| v["ok"] == true,
        },
        Kind {
            name: "illegal move",
            path: "/api/state",
            body: json!({ "source": chess, "moves": ["e2e5"] }),
            status: 400,
            check: |v| v["error"].as_str().is_some_and(|e| e.contains("e2e5")),
        },
        Kind {
            name: "too deep",
            path: "/api/perft",
            body: json!({ "source": chess, "depth": 99 }),
            status: 400,
            check: |v| v["error"].as_str().is_some_and(|e| e.contains("too deep")),
        },
    ]
}

#[test]
fn many_clients_at_once_are_all_answered_and_the_server_stays_small() {
    let s = Server::start("games");
    let kinds = std::sync::Arc::new(kinds());
    let clock = Instant::now();
    let clients: Vec<_> = (0..CLIENTS)
        .map(|c| {
            let url = s.url.clone();
            let kinds = kinds.clone();
            std::thread::spawn(move || {
                let agent = ureq::AgentBuilder::new()
                    .timeout(Duration::from_secs(90))
                    .build();
                let mut rng = Rng::new(c as u64);
                // (kind, status) of each answer.
                let mut answers = Vec::new();
                for _ in 0..REQUESTS {
                    if clock.elapsed() > SENDING {
                        break;
                    }
                    let k = rng.below(kinds.len());
                    let kind = &kinds[k];
                    let sent = agent
                        .post(&format!("{url}{}", kind.path))
                        .send_json(&kind.body);
                    let reply = match sent {
                        Ok(r) => r,
                        Err(ureq::Error::Status(_, r)) => r,
                        Err(e) => panic!("client {c}, {}: no answer: {e}", kind.name),
                    };
                    let status = reply.status();
                    let v: Value = reply.into_json().expect("a JSON answer");
                    if status != 503 {
                        assert_eq!(status, kind.status, "client {c}, {}: {v}", kind.name);
                        assert!((kind.check)(&v), "client {c}, {}: {v}", kind.name);
                    }
                    answers.push((k, status));
                }
                answers
            })
        })
        .collect();
    let answers: Vec<(usize, u16)> = clients
        .into_iter()
        .flat_map(|t| t.join().expect("a client thread"))
        .collect();
    let took = clock.elapsed();
    // Each kind was answered properly at least once, and most requests were served.
    for (k, kind) in kinds.iter().enumerate() {
        assert!(
            answers.iter().any(|&(a, st)| a == k && st == kind.status),
            "no {} was answered",
            kind.name
        );
    }
    let busy = answers.iter().filter(|&&(_, st)| st == 503).count();
    assert!(
        busy * 4 < answers.len(),
        "{busy} of {} requests were refused as busy",
        answers.len()
    );
    assert!(
        answers.len() * 2 >= CLIENTS * REQUESTS,
        "only {} requests sent in {took:?}",
        answers.len()
    );
    // Still up, and small.
    let page = ureq::get(&format!("{}/", s.url)).call().expect("the page");
    assert_eq!(page.status(), 200);
    let peak = http::peak_memory(s.pid());
    assert!(peak < MEMORY, "the server took {} MB", peak >> 20);
    eprintln!(
        "{} requests ({busy} busy) in {took:.1?}; the server's peak memory {} MB",
        answers.len(),
        peak >> 20
    );
}
