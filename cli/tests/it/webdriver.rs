//! A small blocking WebDriver client for the browser test: the W3C
//! protocol's JSON over HTTP/1.1 to chromedriver on this machine, with
//! what the test uses — a session, a page, elements found by CSS, id or
//! XPath, clicks, typing, scripts and screenshots. It needs only the
//! standard library and serde_json, so the test suite compiles no async
//! HTTP stack for one test.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;

use base64::Engine as _;
use serde_json::{json, Value};

use crate::common::HANG;

/// The key under which WebDriver names an element in JSON (W3C).
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// How to find an element.
pub enum Locator<'a> {
    Css(&'a str),
    Id(&'a str),
    XPath(&'a str),
}

impl Locator<'_> {
    fn to_json(&self) -> Value {
        match self {
            Locator::Css(css) => json!({"using": "css selector", "value": css}),
            Locator::Id(id) => json!({"using": "css selector", "value": format!("[id=\"{id}\"]")}),
            Locator::XPath(path) => json!({"using": "xpath", "value": path}),
        }
    }
}

/// A browser session; ended with [`Session::close`] (or by stopping
/// chromedriver, which takes its browsers along). Each method returns the
/// driver's error, or panics when the driver does not answer.
pub struct Session {
    address: String,
    path: String,
}

type Answer<T> = Result<T, String>;

impl Session {
    /// Starts a browser through the chromedriver listening on `port`.
    pub fn start(port: u16, capabilities: Value) -> Answer<Session> {
        let address = format!("127.0.0.1:{port}");
        let body = json!({"capabilities": {"alwaysMatch": capabilities}});
        let value = request(&address, "POST", "/session", Some(&body))?;
        let id = value["sessionId"].as_str().ok_or("no session id")?;
        Ok(Session {
            path: format!("/session/{id}"),
            address,
        })
    }

    fn command(&self, method: &str, path: &str, body: Option<Value>) -> Answer<Value> {
        let path = format!("{}{path}", self.path);
        request(&self.address, method, &path, body.as_ref())
    }

    pub fn goto(&self, url: &str) -> Answer<()> {
        self.command("POST", "/url", Some(json!({"url": url})))?;
        Ok(())
    }

    pub fn set_window_size(&self, width: u32, height: u32) -> Answer<()> {
        let rect = json!({"width": width, "height": height});
        self.command("POST", "/window/rect", Some(rect))?;
        Ok(())
    }

    /// Runs `script` (a function body) in the page with `args` and returns
    /// its value.
    pub fn execute(&self, script: &str, args: Vec<Value>) -> Answer<Value> {
        self.command(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": args})),
        )
    }

    pub fn find(&self, locator: Locator<'_>) -> Answer<Element<'_>> {
        let value = self.command("POST", "/element", Some(locator.to_json()))?;
        self.element(&value)
    }

    fn element(&self, value: &Value) -> Answer<Element<'_>> {
        let id = value[ELEMENT]
            .as_str()
            .ok_or_else(|| format!("no element in {value}"))?;
        Ok(Element {
            session: self,
            path: format!("/element/{id}"),
        })
    }

    /// The page as a PNG image.
    pub fn screenshot(&self) -> Answer<Vec<u8>> {
        let encoded = self.command("GET", "/screenshot", None)?;
        let encoded = encoded.as_str().ok_or("no base64 string")?;
        base64::engine::general_purpose::STANDARD
            .decode(encoded)
            .map_err(|e| e.to_string())
    }

    /// Ends the session and closes its browser.
    pub fn close(self) -> Answer<()> {
        self.command("DELETE", "", None)?;
        Ok(())
    }
}

/// An element of the page.
pub struct Element<'a> {
    session: &'a Session,
    path: String,
}

impl Element<'_> {
    fn command(&self, method: &str, path: &str, body: Option<Value>) -> Answer<Value> {
        let path = format!("{}{path}", self.path);
        self.session.command(method, &path, body)
    }

    pub fn click(&self) -> Answer<()> {
        self.command("POST", "/click", Some(json!({})))?;
        Ok(())
    }

    pub fn clear(&self) -> Answer<()> {
        self.command("POST", "/clear", Some(json!({})))?;
        Ok(())
    }

    /// Types `text` (WebDriver's key codes, such as `\u{E010}` for End,
    /// included) into the element.
    pub fn send_keys(&self, text: &str) -> Answer<()> {
        self.command("POST", "/value", Some(json!({"text": text})))?;
        Ok(())
    }

    /// The element's rendered text.
    pub fn text(&self) -> Answer<String> {
        let text = self.command("GET", "/text", None)?;
        Ok(text.as_str().ok_or("no text")?.to_string())
    }

    pub fn tag_name(&self) -> Answer<String> {
        let name = self.command("GET", "/name", None)?;
        Ok(name.as_str().ok_or("no tag name")?.to_lowercase())
    }

    /// Chooses the `<option>` of this `<select>` with this value.
    pub fn select_by_value(&self, value: &str) -> Answer<()> {
        let css = format!("option[value=\"{value}\"]");
        let option = self.command("POST", "/element", Some(Locator::Css(&css).to_json()))?;
        self.session.element(&option)?.click()
    }
}

/// Sends one request to the driver and returns the `value` of its answer,
/// or the driver's error and message.
fn request(address: &str, method: &str, path: &str, body: Option<&Value>) -> Answer<Value> {
    let body = body.map_or_else(String::new, Value::to_string);
    let mut stream = TcpStream::connect(address).expect("chromedriver accepts a connection");
    stream.set_read_timeout(Some(HANG)).unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    // Read by the answer's length: chromedriver says `Connection: close`
    // but may keep the socket open.
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    reader
        .read_line(&mut line)
        .unwrap_or_else(|_| panic!("{method} {path}: no answer from chromedriver"));
    let status: u16 = line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{method} {path}: no status from chromedriver"));
    let (mut length, mut chunked) = (None, false);
    loop {
        line.clear();
        reader
            .read_line(&mut line)
            .unwrap_or_else(|_| panic!("{method} {path}: no headers from chromedriver"));
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        let (name, value) = header
            .split_once(':')
            .unwrap_or_else(|| panic!("{method} {path}: a bad header from chromedriver"));
        match name.trim().to_ascii_lowercase().as_str() {
            "content-length" => length = value.trim().parse::<usize>().ok(),
            "transfer-encoding" => chunked = value.trim().eq_ignore_ascii_case("chunked"),
            _ => {}
        }
    }
    let payload = match (chunked, length) {
        (true, _) => dechunk(&mut reader),
        (false, Some(length)) => {
            let mut payload = vec![0; length];
            reader
                .read_exact(&mut payload)
                .unwrap_or_else(|_| panic!("{method} {path}: a short body from chromedriver"));
            payload
        }
        (false, None) => panic!("{method} {path}: an answer of no stated length from chromedriver"),
    };
    let answer: Value = serde_json::from_slice(&payload).unwrap_or_else(|e| {
        let text = String::from_utf8_lossy(&payload);
        panic!("{method} {path}: {e} in {text:?}")
    });
    let value = answer["value"].clone();
    match status {
        200 => Ok(value),
        _ => Err(format!("{}: {}", value["error"], value["message"])),
    }
}

/// The body of a chunked HTTP/1.1 answer.
fn dechunk(reader: &mut impl BufRead) -> Vec<u8> {
    let mut body = Vec::new();
    let mut line = String::new();
    loop {
        line.clear();
        reader.read_line(&mut line).expect("a chunk size");
        let size = usize::from_str_radix(line.trim(), 16).expect("a chunk size");
        if size == 0 {
            return body;
        }
        let start = body.len();
        body.resize(start + size + 2, 0);
        reader.read_exact(&mut body[start..]).expect("a chunk");
        body.truncate(start + size);
    }
}
