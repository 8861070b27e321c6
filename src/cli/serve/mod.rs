//! `tabula serve`: a local web server for one page that draws a game, plays it by clicks
//! against a person or a computer player, and edits its description with diagnostics as you
//! type. The page and its script are served from the binary (no network needed); every
//! request carries the description's text and the moves so far, so the server keeps no game
//! state and a page survives a restarted server.
//!
//! It is meant to be left running: every request is bounded in size, time and memory (the
//! constants below, stated by `tabula serve --help`), the engine's work runs on a fixed pool
//! of worker threads off the connection threads, searches and perft take one of a few search
//! slots and stop when their deadline passes or their client goes away, a worker's panic is a
//! 500 answer rather than the end of the server, and requests that do not come from the page
//! itself (another host name, another site's origin, a form post) are refused.
//!
//! The stack is axum's router on tokio, with tower's layers for the limit on requests in
//! flight and the timeout, and hyper's HTTP/1 connections for the header read timeout.

mod api;
mod guard;

use super::Fail;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// The page, its script and its style, built into the binary.
const PAGE: &str = include_str!("page.html");
const SCRIPT: &str = include_str!("page.js");
const STYLE: &str = include_str!("page.css");

/// The largest request body read, in bytes (a description is at most 4 MiB, and its moves
/// come with it); a larger one is refused with 413 before it is read whole.
pub const MAX_BODY: usize = 5 << 20;

/// Threads that run the engine's work (checking, replaying, drawing, searching, perft); a
/// request waits for a free one. The connections are served by [`IO_THREADS`] others.
pub const WORKERS: usize = 4;

/// Threads that read and write the connections (they never run the engine).
pub const IO_THREADS: usize = 2;

/// Searches and perft counts that run at once (each takes a worker and, for MCTS, up to
/// [`api::MCTS_MAX_NODES`] tree nodes); another waits up to [`SEARCH_WAIT`] for a slot.
pub const MAX_SEARCHES: usize = 2;

/// How long a search or perft waits for a free slot before it is answered 503.
pub const SEARCH_WAIT: Duration = Duration::from_secs(10);

/// Requests being answered at once; one more is answered 503 at once.
pub const MAX_IN_FLIGHT: usize = 64;

/// Connections open at once; one more waits in the system's queue until another closes.
pub const MAX_CONNECTIONS: usize = 128;

/// The longest a request may take, from its headers to its answer (longer than any search
/// may run); one that takes longer is answered 503.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(60);

/// The longest a client may take to send a request's headers, and to start the next one on
/// a connection kept open; a connection that stays silent longer is closed.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// The bounds above and those of the engine's work, as `tabula serve --help` states them.
pub const LIMITS: &str = "\
Limits (so that the server can be left running):
  a request body of at most 5 MiB (413 beyond), a game or record of at most 10000 moves,
  a position of at most 10000 legal moves (400 beyond);
  4 worker threads for the engine's work and 2 for the connections; at most 128 connections
  (more wait) and 64 requests at once (503 beyond); a request answered within 60 s (503),
  its headers sent within 10 s (a connection silent that long is closed);
  at most 2 searches or perft counts at once, another waiting at most 10 s for a slot (503);
  a computer player thinks at most 30 s or 1000000 MCTS iterations a move (400 beyond) and
  stops at 30 s with its best move; an MCTS tree holds at most 500000 nodes;
  perft goes at most 8 plies deep and stops after 20 s (400);
  a search or count stops as soon as its client goes away.
Requests must come from the page itself: Host 127.0.0.1:PORT or localhost:PORT, any Origin
the same (403 otherwise), and a POST body sent as Content-Type: application/json (415).";

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

impl IntoResponse for Reply {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::OK);
        (
            status,
            [(header::CONTENT_TYPE, self.content_type)],
            self.body,
        )
            .into_response()
    }
}

/// What every request can reach: the files offered, the search slots, and the port (for the
/// Host and Origin check).
struct App {
    library: Library,
    searches: Arc<Semaphore>,
    port: u16,
}

/// Serves `path` (a description or a folder of them) on 127.0.0.1:`port` until killed; port
/// 0 takes any free port. Prints the address to open.
pub fn serve(path: &str, port: u16) -> Result<(), Fail> {
    let library = Library::open(path)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(IO_THREADS)
        .max_blocking_threads(WORKERS)
        .enable_all()
        .build()
        .map_err(|e| Fail(format!("error: cannot start the server: {e}"), 2))?;
    runtime.block_on(run(library, path, port))
}

async fn run(library: Library, path: &str, port: u16) -> Result<(), Fail> {
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
        .await
        .map_err(|e| Fail(format!("error: cannot listen on port {port}: {e}"), 2))?;
    let addr = listener
        .local_addr()
        .map_err(|e| Fail(format!("error: cannot listen on port {port}: {e}"), 2))?;
    let app = Arc::new(App {
        library,
        searches: Arc::new(Semaphore::new(MAX_SEARCHES)),
        port: addr.port(),
    });
    let service = limited(router(app));
    println!("Tabula serves {path} at http://{addr}/ (Ctrl-C stops it)");
    use std::io::Write;
    let _ = std::io::stdout().flush();
    let connections = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    loop {
        let Ok(permit) = connections.clone().acquire_owned().await else {
            return Ok(());
        };
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of file descriptors, or a connection reset before it was taken: the
                // listener is fine, try again shortly.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let service = service.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |request: hyper::Request<_>| {
                use tower::ServiceExt;
                service.clone().oneshot(request.map(axum::body::Body::new))
            });
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .serve_connection(hyper_util::rt::TokioIo::new(stream), service);
            let _ = connection.await;
            drop(permit);
        });
    }
}

/// The limits on all requests together, around the routes: the requests in flight (one more
/// is answered 503 at once) and the time each may take. (A layer added to a `Router` would be
/// applied to each route on its own, and so bound each route's requests, not all of them.)
fn limited(
    router: Router,
) -> impl tower::Service<
    axum::extract::Request,
    Response = Response,
    Error = std::convert::Infallible,
    Future = impl Send,
> + Clone
       + Send
       + 'static {
    use axum::error_handling::HandleErrorLayer;
    tower::ServiceBuilder::new()
        .layer(HandleErrorLayer::new(|e: tower::BoxError| async move {
            if e.is::<tower::timeout::error::Elapsed>() {
                Reply::error(
                    503,
                    format!(
                        "the request took longer than {} s and was given up",
                        REQUEST_TIMEOUT.as_secs()
                    ),
                )
            } else {
                Reply::error(503, "the server is busy; try again in a moment")
            }
        }))
        .load_shed()
        .concurrency_limit(MAX_IN_FLIGHT)
        .timeout(REQUEST_TIMEOUT)
        .service(router)
}

/// The routes, each behind the Host, Origin and Content-Type check and the body limit.
fn router(app: Arc<App>) -> Router {
    let asset = |content_type: &'static str, body: &'static str| {
        get(move || async move {
            Reply {
                status: 200,
                content_type,
                body: body.to_string(),
            }
        })
    };
    Router::new()
        .route("/", asset("text/html; charset=utf-8", PAGE))
        .route("/page.js", asset("text/javascript; charset=utf-8", SCRIPT))
        .route("/page.css", asset("text/css; charset=utf-8", STYLE))
        .route(
            "/api/games",
            get(|State(app): State<Arc<App>>| async move {
                work(move || api::games(&app.library)).await
            }),
        )
        .route(
            "/api/source",
            get(|State(app): State<Arc<App>>, uri: Uri| async move {
                api::source(&app.library, uri.query().unwrap_or(""))
            }),
        )
        .route("/api/check", plain(api::check))
        .route("/api/state", plain(api::state))
        .route("/api/record", plain(api::record))
        .route("/api/load", plain(api::load))
        .route("/api/ai", searching(api::ai, api::MAX_THINK))
        .route("/api/perft", searching(api::perft, api::MAX_PERFT_TIME))
        .fallback(|method: Method, uri: Uri| async move {
            match method {
                Method::GET | Method::POST | Method::HEAD => {
                    Reply::error(404, format!("nothing at {}", uri.path()))
                }
                _ => Reply::error(405, format!("{method} is not served")),
            }
        })
        .method_not_allowed_fallback(|method: Method, uri: Uri| async move {
            Reply::error(405, format!("{method} is not served at {}", uri.path()))
        })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(
            app.clone(),
            guard::guard,
        ))
        .with_state(app)
}

/// A POST route answered by `f` on a worker thread.
fn plain(f: fn(&api::Request) -> Reply) -> axum::routing::MethodRouter<Arc<App>> {
    post(move |body: Result<Bytes, BytesRejection>| async move {
        match body {
            Ok(body) => work(move || api::with_request(&body, f)).await,
            Err(e) => unread(&e),
        }
    })
}

/// A POST route that searches or counts: it takes a search slot, runs `f` on a worker thread
/// and raises `f`'s stop flag after `deadline` or when the client goes away.
fn searching(
    f: fn(&api::Request, &Arc<AtomicBool>) -> Reply,
    deadline: Duration,
) -> axum::routing::MethodRouter<Arc<App>> {
    post(
        move |State(app): State<Arc<App>>, body: Result<Bytes, BytesRejection>| async move {
            let body = match body {
                Ok(body) => body,
                Err(e) => return unread(&e),
            };
            let wait = tokio::time::timeout(SEARCH_WAIT, app.searches.clone().acquire_owned());
            let Ok(Ok(slot)) = wait.await else {
                return Reply::error(
                    503,
                    format!(
                        "the server is busy with {MAX_SEARCHES} other searches; try again in a \
                         moment"
                    ),
                );
            };
            let stop = Arc::new(AtomicBool::new(false));
            // Dropped when the answer is sent, or when the request is given up (its client
            // went away, or the request timed out): the search then stops at once.
            let _raise = Raise(stop.clone());
            let flag = stop.clone();
            let mut task = tokio::task::spawn_blocking(move || {
                // The slot is held until the work has really stopped.
                let _slot = slot;
                api::with_request(&body, |r| f(r, &flag))
            });
            let joined = match tokio::time::timeout(deadline, &mut task).await {
                Ok(joined) => joined,
                Err(_) => {
                    stop.store(true, Ordering::Relaxed);
                    task.await
                }
            };
            joined.unwrap_or_else(|e| panicked(&e))
        },
    )
}

/// Raises its flag when dropped.
struct Raise(Arc<AtomicBool>);

impl Drop for Raise {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Runs `f` on a worker thread; a panic there is a 500 answer.
async fn work(f: impl FnOnce() -> Reply + Send + 'static) -> Reply {
    tokio::task::spawn_blocking(f)
        .await
        .unwrap_or_else(|e| panicked(&e))
}

fn panicked(e: &tokio::task::JoinError) -> Reply {
    let why = if e.is_panic() {
        "the server failed on this request (a bug in Tabula: please report it with the request)"
    } else {
        "the request was given up"
    };
    Reply::error(500, why)
}

/// The answer to a body that could not be read.
fn unread(e: &BytesRejection) -> Reply {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        guard::too_large()
    } else {
        Reply::error(
            e.status().as_u16(),
            format!("the request cannot be read: {}", e.body_text()),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_on_a_worker_is_a_500_and_the_workers_go_on() {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .max_blocking_threads(1)
            .build()
            .expect("a runtime");
        let reply = runtime.block_on(work(|| panic!("a bug on a worker")));
        assert_eq!(reply.status, 500);
        assert!(reply.body.contains("please report it"), "{}", reply.body);
        let reply = runtime.block_on(work(|| Reply::error(400, "fine")));
        assert_eq!(reply.status, 400);
    }

    /// `--help` states the bounds the code applies.
    #[test]
    fn the_stated_limits_are_the_ones_applied() {
        let stated = [
            format!("at most {} MiB", MAX_BODY >> 20),
            format!("at most {} moves", api::MAX_MOVES),
            format!("at most {} legal moves", api::MAX_LISTED_MOVES),
            format!("{WORKERS} worker threads"),
            format!("{IO_THREADS} for the connections"),
            format!("at most {MAX_CONNECTIONS} connections"),
            format!("{MAX_IN_FLIGHT} requests at once"),
            format!("within {} s", REQUEST_TIMEOUT.as_secs()),
            format!("headers sent within {} s", HEADER_TIMEOUT.as_secs()),
            format!("at most {MAX_SEARCHES} searches"),
            format!("at most {} s for a slot", SEARCH_WAIT.as_secs()),
            format!("at most {} s or", api::MAX_THINK.as_secs()),
            format!("{} MCTS iterations", api::MAX_ITERATIONS),
            format!("stops at {} s", api::MAX_THINK.as_secs()),
            format!("at most {} nodes", api::MCTS_MAX_NODES),
            format!("at most {} plies", api::MAX_PERFT_DEPTH),
            format!("after {} s", api::MAX_PERFT_TIME.as_secs()),
        ];
        for s in stated {
            assert!(LIMITS.contains(&s), "--help does not say `{s}`:\n{LIMITS}");
        }
    }
}
