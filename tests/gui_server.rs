//! `menagerie gui`'s server, asked as a browser (or an attacker's page)
//! would: raw HTTP over a socket to the process the command starts.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_menagerie");

/// A running board server; stopped when dropped.
struct Board {
    child: Child,
    port: u16,
    token: String,
}

impl Board {
    fn start(variant: &str) -> Board {
        let mut child = Command::new(BIN)
            .args(["gui", "--variant", variant])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start menagerie gui");
        let mut line = String::new();
        let stdout = child.stdout.take().expect("stdout");
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("address");
        let address = line.split("http://127.0.0.1:").nth(1).expect(&line);
        let (port, token) = address.trim().split_once("/?t=").expect(&line);
        Board {
            child,
            port: port.parse().expect("port"),
            token: token.to_string(),
        }
    }

    /// Sends a request with these header lines; the status and body.
    fn ask(&self, request_line: &str, headers: &[String], body: &str) -> (u16, String) {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(20))).ok();
        let mut text = format!("{request_line} HTTP/1.1\r\n");
        for h in headers {
            text.push_str(&format!("{h}\r\n"));
        }
        text.push_str(&format!(
            "Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ));
        s.write_all(text.as_bytes()).expect("send");
        let mut answer = String::new();
        s.read_to_string(&mut answer).expect("answer");
        let status = answer
            .split_whitespace()
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or(0);
        let body = answer.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
        (status, body)
    }

    fn host(&self) -> String {
        format!("Host: 127.0.0.1:{}", self.port)
    }

    fn get(&self, path: &str, extra: &[String]) -> (u16, String) {
        let mut headers = vec![self.host()];
        headers.extend_from_slice(extra);
        self.ask(&format!("GET {path}"), &headers, "")
    }
}

impl Drop for Board {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn requests_without_the_token_from_another_origin_or_host_are_refused() {
    let b = Board::start("chess");
    let t = &b.token;
    let (ok, state) = b.get(&format!("/state?t={t}"), &[]);
    assert_eq!(ok, 200, "{state}");
    assert!(state.contains("\"variant\":\"chess\""), "{state}");
    let (status, why) = b.get("/state", &[]);
    assert_eq!((status, why.as_str()), (403, "no token"));
    let (status, why) = b.get("/?t=0123", &[]);
    assert_eq!((status, why.as_str()), (403, "wrong token"));
    let evil = "Origin: http://evil.example".to_string();
    let (status, why) = b.get(&format!("/state?t={t}"), &[evil]);
    assert_eq!(status, 403, "{why}");
    assert!(why.contains("foreign Origin"), "{why}");
    // A DNS-rebinding page reaches our port under its own host name.
    let (status, why) = b.ask(
        &format!("GET /state?t={t}"),
        &[format!("Host: evil.example:{}", b.port)],
        "",
    );
    assert_eq!(status, 403, "{why}");
    assert!(why.contains("foreign Host"), "{why}");
    // The page's own origin is welcome, and the token may be a header.
    let ours = format!("Origin: http://127.0.0.1:{}", b.port);
    let header = format!("X-Menagerie-Token: {t}");
    let (status, _) = b.get("/state", &[ours, header]);
    assert_eq!(status, 200);
}

#[test]
fn a_large_body_or_a_bad_step_changes_nothing() {
    let b = Board::start("chess");
    let t = &b.token;
    let host = b.host();
    let big = "x".repeat(70_000);
    let (status, why) = b.ask(
        &format!("POST /load?t={t}"),
        std::slice::from_ref(&host),
        &big,
    );
    assert_eq!(status, 403, "{why}");
    assert!(why.contains("too large"), "{why}");
    let (_, before) = b.get(&format!("/state?t={t}"), &[]);
    for (path, body, says) in [
        ("/play", "e2e5", "not legal here"),
        ("/play", "\u{0}\u{1}garbage", "not a move"),
        ("/throw", "", "no throw"),
        (
            "/load",
            "[Variant \"nosuchgame\"]\n\n*\n",
            "unknown variant",
        ),
        (
            "/load",
            "[Variant \"chess\"]\n\n1. e2e4 e7e6 e1e3 *\n",
            "step 3",
        ),
        ("/new", "white=robot", "not person or engine"),
        ("/new", "variant=nosuchgame", "unknown variant"),
    ] {
        let (status, why) = b.ask(
            &format!("POST {path}?t={t}"),
            std::slice::from_ref(&host),
            body,
        );
        assert_eq!(status, 400, "{path} {body}: {why}");
        assert!(why.contains(says), "{path} {body}: {why}");
        let (_, after) = b.get(&format!("/state?t={t}"), &[]);
        assert_eq!(after, before, "{path} {body} changed the game");
    }
    let (status, _) = b.get(&format!("/../../etc/passwd?t={t}"), &[]);
    assert_eq!(status, 404);
}

#[test]
fn a_person_moves_and_throws_and_the_record_replays() {
    let b = Board::start("carnival");
    let t = &b.token;
    let host = b.host();
    let post = |path: &str, body: &str| {
        let (status, text) = b.ask(
            &format!("POST {path}?t={t}"),
            std::slice::from_ref(&host),
            body,
        );
        assert_eq!(status, 200, "{path} {body}: {text}");
        text
    };
    post("/new", "white=person\nblack=person\nseed=7");
    let state = post("/play", "e2e3,e3e4");
    assert!(state.contains("\"pending\":\"throw\""), "{state}");
    let state = post("/throw", "");
    assert!(
        state.contains("\"dice\":{\"by\":\"White\",\"faces\":["),
        "{state}"
    );
    let (_, pgn) = b.get(&format!("/record?t={t}"), &[]);
    assert!(pgn.contains("[DiceSeed \"7\"]"), "{pgn}");
    assert!(pgn.contains("1. e2e3,e3e4 roll:"), "{pgn}");
    let file = std::env::temp_dir().join(format!("gui-record-{}.pgn", b.port));
    std::fs::write(&file, &pgn).expect("write the record");
    let out = Command::new(BIN)
        .arg("replay")
        .arg(&file)
        .output()
        .expect("menagerie replay");
    let _ = std::fs::remove_file(&file);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}");
    assert!(
        said.contains("1 throws (each the one its DiceSeed throws)"),
        "{said}"
    );
}
