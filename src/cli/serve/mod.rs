//! `tabula serve`: a local web server for one page that draws a game, plays it by clicks
//! against a person or a computer player, and edits its description with diagnostics as you
//! type. The page and its script are served from the binary (no network needed); every
//! request carries the description's text and the moves so far, so the server keeps no game
//! state and a page survives a restarted server.

mod api;

use super::Fail;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The page, its script and its style, built into the binary.
const PAGE: &str = include_str!("page.html");
const SCRIPT: &str = include_str!("page.js");
const STYLE: &str = include_str!("page.css");

/// The largest request body read (a description is at most 4 MiB).
const MAX_BODY: u64 = 5 << 20;

/// The descriptions a server offers: one file, or the `.game` files of a folder.
pub struct Library {
    pub files: Vec<(String, PathBuf)>,
}

impl Library {
    fn open(path: &str) -> Result<Library, Fail> {
        if !Path::new(path).exists() {
            return Err(Fail(
                format!("error: cannot read {path}: no such file or folder"),
                2,
            ));
        }
        // The same files `tabula validate PATH` checks.
        let files = super::descriptions(path)?
            .into_iter()
            .map(|f| {
                let p = PathBuf::from(f);
                let name = p
                    .file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .to_string();
                (name, p)
            })
            .collect();
        Ok(Library { files })
    }

    /// The path of the offered file with this name (never a path from the request).
    fn path_of(&self, name: &str) -> Option<&Path> {
        self.files
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, p)| p.as_path())
    }
}

/// An answer: status, content type and body.
pub struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: String,
}

impl Reply {
    fn json(status: u16, value: &serde_json::Value) -> Reply {
        Reply {
            status,
            content_type: "application/json",
            body: value.to_string(),
        }
    }

    fn error(status: u16, message: impl Into<String>) -> Reply {
        Reply::json(status, &serde_json::json!({ "error": message.into() }))
    }
}

/// Serves `path` (a description or a folder of them) on 127.0.0.1:`port` until killed; port
/// 0 takes any free port. Prints the address to open.
pub fn serve(path: &str, port: u16) -> Result<(), Fail> {
    let library = std::sync::Arc::new(Library::open(path)?);
    let server = tiny_http::Server::http(("127.0.0.1", port))
        .map_err(|e| Fail(format!("error: cannot listen on port {port}: {e}"), 2))?;
    let addr = server
        .server_addr()
        .to_ip()
        .map_or_else(|| format!("127.0.0.1:{port}"), |a| a.to_string());
    println!("Tabula serves {path} at http://{addr}/ (Ctrl-C stops it)");
    use std::io::Write;
    let _ = std::io::stdout().flush();
    for mut request in server.incoming_requests() {
        let library = library.clone();
        // A request may search or count for a while (a computer move, perft): each gets its
        // own thread so that the page stays responsive.
        std::thread::spawn(move || {
            let method = request.method().as_str().to_string();
            let url = request.url().to_string();
            let mut body = String::new();
            let read = request.as_reader().take(MAX_BODY).read_to_string(&mut body);
            let reply = match read {
                Ok(_) => route(&library, &method, &url, &body),
                Err(_) => Reply::error(400, "the request body is not UTF-8 text"),
            };
            let header = tiny_http::Header::from_bytes("Content-Type", reply.content_type)
                .expect("a valid header");
            let response = tiny_http::Response::from_string(reply.body)
                .with_status_code(reply.status)
                .with_header(header);
            let _ = request.respond(response);
        });
    }
    Ok(())
}

/// The answer to one request.
fn route(library: &Library, method: &str, url: &str, body: &str) -> Reply {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let asset = |content_type, body: &str| Reply {
        status: 200,
        content_type,
        body: body.to_string(),
    };
    match (method, path) {
        ("GET", "/") => asset("text/html; charset=utf-8", PAGE),
        ("GET", "/page.js") => asset("text/javascript; charset=utf-8", SCRIPT),
        ("GET", "/page.css") => asset("text/css; charset=utf-8", STYLE),
        ("GET", "/api/games") => api::games(library),
        ("GET", "/api/source") => api::source(library, query),
        ("POST", "/api/check") => api::with_request(body, api::check),
        ("POST", "/api/state") => api::with_request(body, api::state),
        ("POST", "/api/ai") => api::with_request(body, api::ai),
        ("POST", "/api/perft") => api::with_request(body, api::perft),
        ("POST", "/api/record") => api::with_request(body, api::record),
        ("POST", "/api/load") => api::with_request(body, api::load),
        ("GET" | "POST", _) => Reply::error(404, format!("nothing at {path}")),
        _ => Reply::error(405, format!("{method} is not served")),
    }
}
