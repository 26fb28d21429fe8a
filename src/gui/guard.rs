//! Who may talk to the browser board's server: only a page this process
//! served, on this machine. Every request needs the token printed at
//! start (in the address, `?t=`, or the `X-Menagerie-Token` header); its
//! `Host` must name the loopback address and our port (a DNS rebinding
//! page names its own host), and an `Origin`, when sent, must be ours.

/// Why a request is refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    NoToken,
    WrongToken,
    ForeignHost(String),
    ForeignOrigin(String),
    TooLarge(usize),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::NoToken => write!(f, "no token"),
            Refusal::WrongToken => write!(f, "wrong token"),
            Refusal::ForeignHost(h) => write!(f, "foreign Host '{h}'"),
            Refusal::ForeignOrigin(o) => write!(f, "foreign Origin '{o}'"),
            Refusal::TooLarge(n) => write!(f, "a body of {n} bytes is too large"),
        }
    }
}

/// The most a request's body may hold.
pub const MAX_BODY: usize = 64 * 1024;

/// What the guard reads of a request.
pub struct Head<'a> {
    pub url: &'a str,
    pub host: Option<&'a str>,
    pub origin: Option<&'a str>,
    pub token_header: Option<&'a str>,
    pub body_length: Option<usize>,
}

pub struct Guard {
    port: u16,
    token: String,
}

impl Guard {
    pub fn new(port: u16, token: String) -> Guard {
        Guard { port, token }
    }

    pub fn check(&self, head: &Head) -> Result<(), Refusal> {
        let host = head.host.unwrap_or("");
        if !self.is_our_host(host) {
            return Err(Refusal::ForeignHost(host.to_string()));
        }
        if let Some(origin) = head.origin {
            let ours = ["http://", "https://"]
                .iter()
                .any(|s| origin.strip_prefix(s).is_some_and(|h| self.is_our_host(h)));
            if !ours {
                return Err(Refusal::ForeignOrigin(origin.to_string()));
            }
        }
        let given = head.token_header.or_else(|| query_value(head.url, "t"));
        match given {
            None => return Err(Refusal::NoToken),
            Some(t) if !same(t.as_bytes(), self.token.as_bytes()) => {
                return Err(Refusal::WrongToken)
            }
            Some(_) => {}
        }
        match head.body_length {
            Some(n) if n > MAX_BODY => Err(Refusal::TooLarge(n)),
            _ => Ok(()),
        }
    }

    fn is_our_host(&self, host: &str) -> bool {
        let port = self.port.to_string();
        ["127.0.0.1", "localhost", "[::1]"]
            .iter()
            .any(|name| host.strip_prefix(name).and_then(|r| r.strip_prefix(':')) == Some(&port))
    }
}

/// A query parameter's value (`/state?t=abc`: `abc` for `t`).
pub fn query_value<'a>(url: &'a str, key: &str) -> Option<&'a str> {
    let query = url.split_once('?')?.1;
    query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v)
}

/// Compares without stopping at the first difference.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head<'a>(url: &'a str, host: Option<&'a str>, origin: Option<&'a str>) -> Head<'a> {
        Head {
            url,
            host,
            origin,
            token_header: None,
            body_length: None,
        }
    }

    #[test]
    fn only_our_host_origin_and_token_pass() {
        let g = Guard::new(8123, "s3cret".to_string());
        let ok = g.check(&head("/state?t=s3cret", Some("127.0.0.1:8123"), None));
        assert_eq!(ok, Ok(()));
        let local = head(
            "/?t=s3cret",
            Some("localhost:8123"),
            Some("http://localhost:8123"),
        );
        assert_eq!(g.check(&local), Ok(()));
        assert_eq!(
            g.check(&head("/state", Some("127.0.0.1:8123"), None)),
            Err(Refusal::NoToken)
        );
        assert_eq!(
            g.check(&head("/state?t=s3cre", Some("127.0.0.1:8123"), None)),
            Err(Refusal::WrongToken)
        );
        assert!(matches!(
            g.check(&head("/state?t=s3cret", Some("evil.example:8123"), None)),
            Err(Refusal::ForeignHost(_))
        ));
        assert!(matches!(
            g.check(&head("/state?t=s3cret", Some("127.0.0.1:8124"), None)),
            Err(Refusal::ForeignHost(_))
        ));
        assert!(matches!(
            g.check(&head("/state?t=s3cret", None, None)),
            Err(Refusal::ForeignHost(_))
        ));
        assert!(matches!(
            g.check(&head(
                "/state?t=s3cret",
                Some("127.0.0.1:8123"),
                Some("http://evil.example")
            )),
            Err(Refusal::ForeignOrigin(_))
        ));
        let big = Head {
            body_length: Some(MAX_BODY + 1),
            ..head("/play?t=s3cret", Some("127.0.0.1:8123"), None)
        };
        assert_eq!(g.check(&big), Err(Refusal::TooLarge(MAX_BODY + 1)));
    }
}
