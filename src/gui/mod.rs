//! `menagerie gui`: a board in the browser, served from this process on
//! the loopback address. One more adapter on the engine core (as UCI and
//! XBoard are): the page reads the game's state and sends a person's
//! moves, throws and choices; the server plays them, and the engine's, on
//! one `Engine` (`table.rs`). docs/gui.md tells a person how to use it.

mod clocks;
mod guard;
mod json;
mod record;
mod settings;
mod table;
mod view;

use crate::engine::Engine;
use clocks::Timing;
use guard::{Guard, Head, MAX_BODY};
use std::io::Read;
use std::time::Duration;
use table::{Seat, Setup, Table};
use tiny_http::{Header, Method, Request, Response, Server};

const INDEX_HTML: &str = include_str!("assets/index.html");
const BOARD_CSS: &str = include_str!("assets/board.css");
const BOARD_JS: &str = include_str!("assets/board.js");

/// What `menagerie gui` was asked for.
pub struct GuiOptions {
    pub variant: Option<String>,
    /// 0: any free port.
    pub port: u16,
}

/// Serves the board until the process is stopped.
pub fn run(options: GuiOptions) -> Result<(), String> {
    let setup = Setup {
        variant: options.variant.unwrap_or_else(|| "chess".to_string()),
        seats: [Seat::Person, Seat::Engine],
        timing: Timing::PerMove(Duration::from_secs(2)),
        seed: random_u64()?,
    };
    let mut table = Table::new(Engine::new(), setup)?;
    let server = Server::http(("127.0.0.1", options.port)).map_err(|e| e.to_string())?;
    let port = server
        .server_addr()
        .to_ip()
        .map(|a| a.port())
        .ok_or("no port")?;
    let token = new_token()?;
    println!("menagerie board: http://127.0.0.1:{port}/?t={token}");
    let guard = Guard::new(port, token);
    loop {
        match server.recv_timeout(Duration::from_millis(20)) {
            Ok(Some(request)) => answer(&mut table, &guard, request),
            Ok(None) => {}
            Err(e) => return Err(e.to_string()),
        }
        table.poll();
    }
}

/// An answer: status, content type, body.
type Answer = (u16, &'static str, String);

const JSON: &str = "application/json";
const TEXT: &str = "text/plain; charset=utf-8";

fn answer(table: &mut Table, guard: &Guard, mut request: Request) {
    let header = |name: &'static str| {
        request
            .headers()
            .iter()
            .find(|h| h.field.equiv(name))
            .map(|h| h.value.as_str().to_string())
    };
    let (host, origin, token) = (
        header("Host"),
        header("Origin"),
        header("X-Menagerie-Token"),
    );
    let url = request.url().to_string();
    let head = Head {
        url: &url,
        host: host.as_deref(),
        origin: origin.as_deref(),
        token_header: token.as_deref(),
        body_length: request.body_length(),
    };
    let reply = match guard.check(&head) {
        Err(refusal) => (403, TEXT, refusal.to_string()),
        Ok(()) => match read_body(&mut request) {
            Err(e) => (400, TEXT, e),
            Ok(body) => route(table, request.method(), &url, &body),
        },
    };
    respond(request, reply);
}

fn read_body(request: &mut Request) -> Result<String, String> {
    let mut body = String::new();
    request
        .as_reader()
        .take(MAX_BODY as u64 + 1)
        .read_to_string(&mut body)
        .map_err(|e| format!("unreadable body: {e}"))?;
    if body.len() > MAX_BODY {
        return Err(format!("a body over {MAX_BODY} bytes"));
    }
    Ok(body)
}

fn respond(request: Request, (status, kind, text): Answer) {
    let mut response = Response::from_string(text).with_status_code(status);
    for (name, value) in [
        ("Content-Type", kind),
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        (
            "Content-Security-Policy",
            "default-src 'self' 'unsafe-inline'; img-src 'self' data: blob:",
        ),
    ] {
        if let Ok(h) = Header::from_bytes(name, value) {
            response = response.with_header(h);
        }
    }
    let _ = request.respond(response);
}

fn route(table: &mut Table, method: &Method, url: &str, body: &str) -> Answer {
    let path = url.split('?').next().unwrap_or("");
    let state = |t: &Table| (200, JSON, view::of(t));
    let done = |r: Result<(), String>, t: &Table| match r {
        Ok(()) => state(t),
        Err(e) => (400, TEXT, e),
    };
    match (method, path) {
        (Method::Get, "/") => (200, "text/html; charset=utf-8", page()),
        (Method::Get, "/state") => state(table),
        (Method::Get, "/games") => (200, JSON, games()),
        (Method::Get, "/record") => (200, TEXT, record::write(table, &record::today())),
        (Method::Get, "/view") => view_at(table, url),
        (Method::Post, "/play") => done(table.person_plays(body.trim()), table),
        (Method::Post, "/throw") => done(table.person_throws(), table),
        (Method::Post, "/takeback") => done(table.take_back(), table),
        (Method::Post, "/new") => done(new_game(table, body), table),
        (Method::Post, "/load") => done(load(table, body), table),
        _ => (404, TEXT, format!("no such page: {path}")),
    }
}

/// The page, its style and script embedded.
fn page() -> String {
    INDEX_HTML
        .replace("/*BOARD_CSS*/", BOARD_CSS)
        .replace("/*BOARD_JS*/", BOARD_JS)
}

fn games() -> String {
    json::list(
        crate::rules::variants::names()
            .iter()
            .map(|n| json::string(n)),
    )
}

fn new_game(table: &mut Table, body: &str) -> Result<(), String> {
    let setup = settings::parse(body, table.setup(), random_u64()?)?;
    table.new_game(setup, None, &[])
}

/// Sets up the game of a saved record, to go on with it: its game, start,
/// steps and seed (a new seed when it has none); the seats and time stay.
fn load(table: &mut Table, body: &str) -> Result<(), String> {
    let loaded = record::read(body)?;
    let setup = Setup {
        variant: loaded.variant,
        seed: loaded.seed.map_or_else(random_u64, Ok)?,
        ..table.setup().clone()
    };
    table.new_game(setup, loaded.fen, &loaded.tokens)
}

/// The position after the first `upto` steps of the game (the replay).
fn view_at(table: &Table, url: &str) -> Answer {
    let upto = guard::query_value(url, "upto")
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(usize::MAX)
        .min(table.steps().len());
    let steps = &table.steps()[..upto];
    match table.position_after(upto) {
        Ok(pos) => (200, JSON, view::position_only(&pos, steps)),
        Err(e) => (400, TEXT, e),
    }
}

/// 128 random bits from the system, in hex.
fn new_token() -> Result<String, String> {
    let bytes = random_bytes::<16>()?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

fn random_u64() -> Result<u64, String> {
    Ok(u64::from_le_bytes(random_bytes::<8>()?))
}

fn random_bytes<const N: usize>() -> Result<[u8; N], String> {
    let mut bytes = [0u8; N];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut bytes))
        .map_err(|e| format!("no random numbers: {e}"))?;
    Ok(bytes)
}
