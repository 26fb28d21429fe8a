//! `menagerie gui`: a board in the browser, served from this process on
//! the loopback address. One more adapter on the engine core (as UCI and
//! XBoard are): the page asks for the game's state and sends the person's
//! steps; the server plays them, and the engine's, on one `Engine`.
//!
//! Work in progress (issue 58): the server, its guard and the state; the
//! page is a first cut.

mod guard;
mod json;
mod state;

use crate::engine::Engine;
use guard::{Guard, Head, MAX_BODY};
use std::io::Read;
use tiny_http::{Header, Method, Request, Response, Server};

const INDEX_HTML: &str = include_str!("assets/index.html");

/// What `menagerie gui` was asked for.
pub struct GuiOptions {
    pub variant: Option<String>,
    /// 0: any free port.
    pub port: u16,
}

/// Serves the board until the process is stopped.
pub fn run(options: GuiOptions) -> Result<(), String> {
    let mut engine = Engine::new();
    if let Some(game) = &options.variant {
        engine.set_variant(game).map_err(|e| e.to_string())?;
    }
    let server = Server::http(("127.0.0.1", options.port)).map_err(|e| e.to_string())?;
    let port = server
        .server_addr()
        .to_ip()
        .map(|a| a.port())
        .ok_or("no port")?;
    let token = new_token()?;
    println!("menagerie board: http://127.0.0.1:{port}/?t={token}");
    let guard = Guard::new(port, token);
    for request in server.incoming_requests() {
        answer(&mut engine, &guard, request);
    }
    Ok(())
}

fn answer(engine: &mut Engine, guard: &Guard, mut request: Request) {
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
    if let Err(refusal) = guard.check(&head) {
        let _ = request.respond(Response::from_string(refusal.to_string()).with_status_code(403));
        return;
    }
    let mut body = String::new();
    let read = request
        .as_reader()
        .take(MAX_BODY as u64 + 1)
        .read_to_string(&mut body);
    if read.is_err() || body.len() > MAX_BODY {
        let _ = request.respond(Response::from_string("bad body").with_status_code(400));
        return;
    }
    let path = url.split('?').next().unwrap_or("");
    let (status, kind, text) = match (request.method(), path) {
        (Method::Get, "/") => (200, "text/html; charset=utf-8", INDEX_HTML.to_string()),
        (Method::Get, "/state") => (200, "application/json", state::of(engine)),
        (Method::Post, "/play") => match engine.play(body.trim()) {
            Ok(_) => (200, "application/json", state::of(engine)),
            Err(e) => (400, "text/plain; charset=utf-8", e),
        },
        _ => (404, "text/plain; charset=utf-8", "not found".to_string()),
    };
    let mut response = Response::from_string(text).with_status_code(status);
    if let Ok(h) = Header::from_bytes("Content-Type", kind) {
        response = response.with_header(h);
    }
    let _ = request.respond(response);
}

/// 128 random bits from the system, in hex.
fn new_token() -> Result<String, String> {
    let mut bytes = [0u8; 16];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut bytes))
        .map_err(|e| format!("no random token: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}
