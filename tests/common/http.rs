//! Raw HTTP/1.1 for tests of `tabula serve` that send what no well-behaved client sends: other
//! hosts and origins, wrong content types, odd methods, bodies that lie about their length.
//! Each request goes on its own connection, closed after the answer.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// An answer: its status and body.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub body: String,
}

/// `127.0.0.1:PORT` of a server's `http://127.0.0.1:PORT` address.
pub fn host(url: &str) -> &str {
    url.trim_start_matches("http://")
}

/// The bytes of a request: `method path`, `Host: host`, the `headers`, `Connection: close`
/// and the body with its length.
pub fn request(
    method: &str,
    path: &str,
    host: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Vec<u8> {
    let mut out = format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n");
    for (name, value) in headers {
        out.push_str(&format!("{name}: {value}\r\n"));
    }
    out.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    let mut bytes = out.into_bytes();
    bytes.extend_from_slice(body);
    bytes
}

/// A POST of JSON `body` to `path`, as the page sends it.
pub fn post_json(url: &str, path: &str, body: &str) -> Vec<u8> {
    request(
        "POST",
        path,
        host(url),
        &[("Content-Type", "application/json")],
        body.as_bytes(),
    )
}

/// Sends `raw` to the server at `url` and reads the answer until the server closes the
/// connection or `timeout` passes. `Ok(None)`: the connection closed with no status line.
///
/// # Errors
/// The connection could not be made, or the answer did not come within `timeout`.
pub fn send(url: &str, raw: &[u8], timeout: Duration) -> std::io::Result<Option<Answer>> {
    let mut stream = TcpStream::connect(host(url))?;
    stream.set_read_timeout(Some(timeout))?;
    stream.set_write_timeout(Some(timeout))?;
    // The server may answer (and close) before it has read a body it refuses: the answer
    // is still read.
    let _ = stream.write_all(raw);
    let mut got = Vec::new();
    let mut buf = [0; 65536];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset && !got.is_empty() => break,
            Err(e) => return Err(e),
        }
    }
    Ok(parse(&got))
}

/// The status and body of an answer's bytes.
fn parse(got: &[u8]) -> Option<Answer> {
    let text = String::from_utf8_lossy(got);
    let status = text
        .strip_prefix("HTTP/1.1 ")?
        .get(..3)?
        .parse::<u16>()
        .ok()?;
    let body = text
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    Some(Answer { status, body })
}

/// The most memory the process `pid` has held (VmHWM), in bytes.
pub fn peak_memory(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("its status");
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in its status");
    kb * 1024
}
