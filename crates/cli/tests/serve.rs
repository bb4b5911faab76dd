//! `gametree serve` as a program: the URL on the first line of stdout, the page and the
//! API over a real socket on loopback, and bad flags refused with status 2.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gametree"))
}

/// One HTTP/1.1 request; the status and body.
fn request(host: &str, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(host).expect("connect to the server");
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let status = answer.split(' ').nth(1).and_then(|code| code.parse().ok()).expect("status line");
    let body = answer.split_once("\r\n\r\n").map(|(_, body)| body.to_string()).unwrap_or_default();
    (status, body)
}

#[test]
fn serve_prints_its_url_first_and_answers_on_it() {
    let mut server = binary().args(["serve", "--port", "0"]).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().unwrap();
    let mut first = String::new();
    BufReader::new(server.stdout.take().unwrap()).read_line(&mut first).unwrap();
    let url = first.trim().to_string();
    let result = std::panic::catch_unwind(|| {
        let host = url.strip_prefix("http://").and_then(|rest| rest.strip_suffix('/')).expect("http://HOST:PORT/");
        assert!(host.starts_with("127.0.0.1:"), "binds loopback by default: {url}");
        let (status, page) = request(host, "GET", "/", "");
        assert_eq!(status, 200);
        assert!(page.contains("<title>gametree"));
        let (status, body) = request(host, "POST", "/api/analyze", r#"{"game": "tictactoe", "position": "xx./oo./..."}"#);
        assert_eq!(status, 200);
        let answer: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(answer["moves"][0]["move"], "c3");
        assert_eq!(answer["value"], serde_json::json!({"kind": "win", "remoteness": 1}));
        let (status, body) = request(host, "POST", "/api/analyze", r#"{"game": "tictactoe", "position": "xxxx"}"#);
        assert_eq!(status, 400);
        assert!(body.contains(r#""error""#));
    });
    server.kill().unwrap();
    server.wait().unwrap();
    if let Err(panic) = result {
        std::panic::resume_unwind(panic);
    }
}

#[test]
fn bad_serve_flags_exit_with_status_2() {
    for arguments in [&["serve", "--max-searches", "0"][..], &["serve", "--max-time", "-1"], &["serve", "--bind", "nowhere"]] {
        let output = binary().args(arguments).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        assert!(output.stdout.is_empty());
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(!message.trim().is_empty(), "{arguments:?}: a message");
    }
}
