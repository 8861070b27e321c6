//! Only the page itself may use the server. A web page from another site, open in the same
//! browser, can send requests to 127.0.0.1 too: a form post (CSRF), or a script on a host name
//! that its owner points at 127.0.0.1 (DNS rebinding). So every request must name this server
//! in its `Host` (`127.0.0.1:PORT` or `localhost:PORT`), a request that says where it comes
//! from (`Origin`) must come from this server's own page, and a POST must carry JSON, which a
//! plain form cannot send. A body that says it is longer than the server reads is refused
//! before it is sent.

use super::{App, Reply, MAX_BODY};
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// Passes the request on, or refuses it with 403 (another host or origin), 415 (a POST
/// that is not JSON) or 413 (a body longer than [`MAX_BODY`]).
pub async fn guard(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    match refusal(app.port, request.method(), request.headers()) {
        Some(reply) => reply.into_response(),
        None => next.run(request).await,
    }
}

/// Why a request with these headers is refused, if it is.
fn refusal(port: u16, method: &Method, headers: &HeaderMap) -> Option<Reply> {
    let hosts = [format!("127.0.0.1:{port}"), format!("localhost:{port}")];
    let text = |name| {
        headers
            .get(name)
            .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
    };
    let host = text(header::HOST).unwrap_or_default();
    if !hosts.iter().any(|h| h.eq_ignore_ascii_case(&host)) {
        return Some(Reply::error(
            403,
            format!(
                "requests must be addressed to {} or {} (not `{host}`)",
                hosts[0], hosts[1]
            ),
        ));
    }
    if let Some(origin) = text(header::ORIGIN) {
        let ours = hosts
            .iter()
            .any(|h| origin.eq_ignore_ascii_case(&format!("http://{h}")));
        if !ours {
            return Some(Reply::error(
                403,
                format!("requests from other sites are refused (this one came from `{origin}`)"),
            ));
        }
    }
    if method == Method::POST {
        let content_type = text(header::CONTENT_TYPE).unwrap_or_default();
        let essence = content_type.split(';').next().unwrap_or("").trim();
        if !essence.eq_ignore_ascii_case("application/json") {
            return Some(Reply::error(
                415,
                format!("a request must be sent as JSON (Content-Type: application/json, not `{content_type}`)"),
            ));
        }
    }
    let length = text(header::CONTENT_LENGTH).and_then(|l| l.trim().parse::<u64>().ok());
    if length.is_some_and(|l| l > MAX_BODY as u64) {
        return Some(too_large());
    }
    None
}

/// The answer to a body longer than [`MAX_BODY`].
pub fn too_large() -> Reply {
    Reply::error(
        413,
        format!("the request is larger than {} MiB", MAX_BODY >> 20),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (name, value) in pairs {
            h.insert(name.clone(), HeaderValue::from_str(value).unwrap());
        }
        h
    }

    fn status(method: Method, pairs: &[(header::HeaderName, &str)]) -> Option<u16> {
        refusal(8080, &method, &headers(pairs)).map(|r| r.status)
    }

    #[test]
    fn only_this_server_is_addressed() {
        let json = (header::CONTENT_TYPE, "application/json");
        for host in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080"] {
            assert_eq!(status(Method::GET, &[(header::HOST, host)]), None, "{host}");
        }
        for host in ["127.0.0.1:8081", "evil.example:8080", "127.0.0.1", ""] {
            assert_eq!(
                status(Method::GET, &[(header::HOST, host)]),
                Some(403),
                "{host}"
            );
        }
        assert_eq!(status(Method::GET, &[]), Some(403));
        let host = (header::HOST, "127.0.0.1:8080");
        let origin = |o| (header::ORIGIN, o);
        assert_eq!(
            status(
                Method::POST,
                &[host.clone(), json.clone(), origin("http://127.0.0.1:8080")]
            ),
            None
        );
        for o in ["http://evil.example", "null", "https://127.0.0.1:8080"] {
            assert_eq!(
                status(Method::POST, &[host.clone(), json.clone(), origin(o)]),
                Some(403),
                "{o}"
            );
        }
    }

    #[test]
    fn a_post_must_be_json() {
        let host = (header::HOST, "localhost:8080");
        let ct = |c| (header::CONTENT_TYPE, c);
        for c in ["application/json", "application/json; charset=utf-8"] {
            assert_eq!(status(Method::POST, &[host.clone(), ct(c)]), None, "{c}");
        }
        for c in [
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
        ] {
            assert_eq!(
                status(Method::POST, &[host.clone(), ct(c)]),
                Some(415),
                "{c}"
            );
        }
        assert_eq!(status(Method::POST, std::slice::from_ref(&host)), Some(415));
        assert_eq!(status(Method::GET, std::slice::from_ref(&host)), None);
        let long = (header::CONTENT_LENGTH, "6000000");
        assert_eq!(
            status(Method::POST, &[host, ct("application/json"), long]),
            Some(413)
        );
    }
}
