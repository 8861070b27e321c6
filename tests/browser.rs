//! The page of `tabula serve` in a real headless Chromium, driven over WebDriver: a game of
//! tic-tac-toe played to a win by clicks, a Shogi promotion chosen from the menu and a drop
//! from the hand, a chess move answered by the computer, and a typo
//! in the editor whose diagnostic appears at its line. A screenshot is kept as
//! `target/browser-test.png`.
//!
//! It needs Debian's `chromium` and `chromium-driver`, so `cargo test` lists it as ignored
//! rather than pass without running; `.ci/run` installs them and runs it with
//! `cargo test --release --test browser -- --ignored`, where a missing browser fails.

mod common;

use common::{root, Server};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const CHROMIUM: &str = "/usr/bin/chromium";
const DRIVER: &str = "/usr/bin/chromedriver";

/// chromedriver on a free port, stopped when dropped.
struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    /// Stops chromedriver and the Chromium it started (its process group), also when the
    /// test failed before closing the session.
    fn drop(&mut self) {
        let group = format!("-{}", self.child.id());
        let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_driver() -> Result<Driver, String> {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map_err(|e| format!("no free port: {e}"))?
        .port();
    use std::os::unix::process::CommandExt;
    let child = Command::new(DRIVER)
        .arg(format!("--port={port}"))
        .process_group(0)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start {DRIVER}: {e}"))?;
    let url = format!("http://127.0.0.1:{port}");
    // Wait until it answers.
    let deadline = Instant::now() + Duration::from_secs(20);
    while Instant::now() < deadline {
        if ureq::get(&format!("{url}/status")).call().is_ok() {
            return Ok(Driver { child, url });
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    Err(format!("{DRIVER} did not answer on port {port}"))
}

/// A fresh Chromium profile for this run.
fn profile() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("tabula-chromium-{}", std::process::id()))
}

async fn connect(driver: &Driver) -> Result<Client, String> {
    let profile = profile();
    let mut caps = serde_json::Map::new();
    caps.insert("browserName".into(), json!("chrome"));
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": CHROMIUM,
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--window-size=1300,900",
                format!("--user-data-dir={}", profile.display()),
            ],
        }),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(&driver.url)
        .await
        .map_err(|e| format!("Chromium did not start under WebDriver: {e}"))
}

/// Waits until `script` returns true in the page (it is the body of a function).
async fn until(c: &Client, what: &str, script: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let v = c.execute(script, vec![]).await.expect("script runs");
        if v == Value::Bool(true) {
            return;
        }
        if Instant::now() > deadline {
            let status = c
                .execute("return document.body.innerText", vec![])
                .await
                .unwrap_or_default();
            panic!("timed out waiting for {what}; the page shows:\n{status}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn click_cell(c: &Client, cell: &str) {
    until(
        c,
        "the page to settle",
        "return document.body.dataset.busy === '0'",
    )
    .await;
    c.find(Locator::Css(&format!("#board .cell[data-cell=\"{cell}\"]")))
        .await
        .unwrap_or_else(|e| panic!("cell {cell} is drawn: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("cell {cell} takes a click: {e}"));
}

async fn history_len(c: &Client, n: usize, what: &str) {
    until(
        c,
        what,
        &format!("return document.querySelectorAll('#history li').length === {n}"),
    )
    .await;
}

/// Opens the page on `game` and waits until `cell` is drawn.
async fn open_game(c: &Client, server: &Server, game: &str, cell: &str) {
    c.goto(&format!("{}/?game={game}", server.url))
        .await
        .expect("the page loads");
    until(
        c,
        "the board",
        &format!("return !!document.querySelector('#board .cell[data-cell=\"{cell}\"]')"),
    )
    .await;
}

/// Makes the second side a person too, so that clicks play both sides.
async fn both_sides_people(c: &Client) {
    c.execute(
        "const s = document.getElementById('side1'); s.value = 'human'; \
         s.dispatchEvent(new Event('change'));",
        vec![],
    )
    .await
    .expect("both sides are people");
}

/// The moves of the page's move list.
async fn move_list(c: &Client) -> Value {
    c.execute(
        "return [...document.querySelectorAll('#history li')].map(e => e.textContent)",
        vec![],
    )
    .await
    .expect("the move list")
}

async fn text_of(c: &Client, css: &str) -> String {
    c.find(Locator::Css(css))
        .await
        .expect("element")
        .text()
        .await
        .expect("text")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Debian's chromium and chromium-driver: run with `--ignored` (.ci/run does)"]
async fn the_page_plays_games_by_clicks_and_shows_diagnostics() {
    let missing: Vec<&str> = [CHROMIUM, DRIVER]
        .into_iter()
        .filter(|p| !std::path::Path::new(p).exists())
        .collect();
    assert!(
        missing.is_empty(),
        "the browser test needs {} (Debian's chromium and chromium-driver)",
        missing.join(" and ")
    );
    let server = Server::start("games");
    let driver = match start_driver() {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    let c = match connect(&driver).await {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };

    // Tic-tac-toe, both sides played by clicks: x takes the bottom rank.
    open_game(&c, &server, "tic-tac-toe", "a1").await;
    both_sides_people(&c).await;
    for (i, cell) in ["a1", "a2", "b1", "b2", "c1"].iter().enumerate() {
        click_cell(&c, cell).await;
        history_len(&c, i + 1, &format!("move {} ({cell}) to be played", i + 1)).await;
    }
    until(
        &c,
        "the win",
        "return document.getElementById('status').textContent.startsWith('x wins')",
    )
    .await;
    assert_eq!(move_list(&c).await, json!(["a1", "a2", "b1", "b2", "c1"]));

    // Chinese checkers for three: a side chooser for each player, and the turn passes from
    // red to yellow.
    open_game(&c, &server, "chinese-checkers-3", "j14").await;
    until(
        &c,
        "a chooser for the third player",
        "const n = document.getElementById('side2-name'); return !!n && n.textContent === 'blue'",
    )
    .await;
    c.execute(
        "for (const id of ['side1', 'side2']) { const s = document.getElementById(id); \
         s.value = 'human'; s.dispatchEvent(new Event('change')); }",
        vec![],
    )
    .await
    .expect("every side is a person");
    click_cell(&c, "j14").await;
    click_cell(&c, "j13").await;
    history_len(&c, 1, "red's step").await;
    until(
        &c,
        "yellow's turn",
        "return document.getElementById('status').textContent.startsWith('yellow to move')",
    )
    .await;

    // Shogi, both sides by clicks: a promotion chosen from the menu (8h2b and 8h2b+ share
    // their cells), then a drop that starts at the bishop in hand.
    open_game(&c, &server, "shogi", "7g").await;
    both_sides_people(&c).await;
    for (i, (from, to)) in [("7g", "7f"), ("3c", "3d")].iter().enumerate() {
        click_cell(&c, from).await;
        click_cell(&c, to).await;
        history_len(&c, i + 1, &format!("{from}{to} to be played")).await;
    }
    click_cell(&c, "8h").await;
    click_cell(&c, "2b").await;
    until(
        &c,
        "the promotion menu",
        "return !document.getElementById('choices').hidden",
    )
    .await;
    let offered = c
        .execute(
            "return [...document.querySelectorAll('#choices button')].map(b => b.textContent)",
            vec![],
        )
        .await
        .expect("the choices");
    assert_eq!(offered, json!(["8h2b", "8h2b+"]));
    c.find(Locator::XPath(
        "//div[@id='choices']/button[text()='8h2b+']",
    ))
    .await
    .expect("the promotion's button")
    .click()
    .await
    .expect("the button takes a click");
    history_len(&c, 3, "the promotion to be played").await;
    click_cell(&c, "3a").await;
    click_cell(&c, "2b").await;
    history_len(&c, 4, "the recapture").await;
    until(
        &c,
        "the bishop in hand",
        "return !!document.querySelector('#board .hand[data-owner=\"0\"][data-piece=\"B\"]')",
    )
    .await;
    c.find(Locator::Css(
        "#board .hand[data-owner=\"0\"][data-piece=\"B\"]",
    ))
    .await
    .expect("the bishop in hand")
    .click()
    .await
    .expect("the hand takes a click");
    click_cell(&c, "5e").await;
    history_len(&c, 5, "the drop").await;
    assert_eq!(
        move_list(&c).await,
        json!(["7g7f", "3c3d", "8h2b+", "3a2b", "B*5e"])
    );

    // Chess: the pawn to e4 in two clicks, and the computer answers.
    open_game(&c, &server, "chess", "e2").await;
    click_cell(&c, "e2").await;
    until(
        &c,
        "the pawn's targets",
        "return document.querySelectorAll('#board .cell.target').length === 2",
    )
    .await;
    click_cell(&c, "e4").await;
    history_len(&c, 2, "the computer's reply").await;
    assert_eq!(text_of(&c, "#history li").await, "e2e4");
    until(
        &c,
        "white to move",
        "return document.getElementById('status').textContent === 'white to move'",
    )
    .await;

    // A typo in the editor: its diagnostic appears at its line, in the list and the gutter.
    let chess = std::fs::read_to_string(root("games/chess.game")).expect("chess");
    let line = chess
        .lines()
        .position(|l| l.contains("slide diagonal"))
        .expect("a bishop")
        + 1;
    c.execute(
        "const src = document.getElementById('source'); \
         src.value = src.value.replace('slide diagonal', 'slide diagonl'); \
         src.dispatchEvent(new Event('input'));",
        vec![],
    )
    .await
    .expect("the typo is typed");
    until(
        &c,
        "the diagnostic",
        "return document.querySelectorAll('#diagnostics li').length > 0",
    )
    .await;
    let first = c
        .find(Locator::Css("#diagnostics li"))
        .await
        .expect("a diagnostic");
    assert_eq!(
        first.attr("data-line").await.expect("its line"),
        Some(line.to_string())
    );
    assert!(first.text().await.expect("text").contains("diagonl"));
    let marked = c
        .execute(
            "return [...document.querySelectorAll('#gutter .error')].map(e => e.textContent)",
            vec![],
        )
        .await
        .expect("the gutter");
    assert_eq!(marked, json!([line.to_string()]));
    assert_eq!(text_of(&c, "#check-status").await, "1 error");

    let png = c.screenshot().await.expect("a screenshot");
    let out = root("target/browser-test.png");
    std::fs::write(&out, png).expect("the screenshot is written");
    c.close().await.expect("Chromium closes");
    drop(driver);
    let _ = std::fs::remove_dir_all(profile());
}
