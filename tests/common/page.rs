//! The web page in a real browser: `target/web` (built by
//! `crates/endodoi-web/build.sh`) served on loopback by a small server of
//! the test's own, and driven in Debian's chromium by `tests/web/page.mjs`
//! (Playwright's core, `npm ci` in `tests/web`). Where the page, node, the
//! script's package or the browser is missing the test is skipped with a
//! message, except in CI, where it fails.

use std::fs;
use std::io::{BufRead as _, BufReader, Write as _};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread;

use serde_json::Value;

use super::ci::in_ci;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The page, served, and what drives it.
pub struct Page {
    url: String,
}

impl Page {
    /// The page served on loopback, if it and what drives it are here, for
    /// the test `name`.
    ///
    /// # Panics
    /// In CI when something is missing.
    pub fn open(name: &str) -> Option<Page> {
        let site = Path::new(ROOT).join("target/web");
        let chromium = std::env::var_os("ENDODOI_CHROMIUM")
            .map_or_else(|| "/usr/bin/chromium".into(), PathBuf::from);
        let missing = [
            (
                site.join("index.html").is_file(),
                "the page (crates/endodoi-web/build.sh builds it)",
            ),
            (
                Command::new("node").arg("--version").output().is_ok(),
                "node",
            ),
            (
                Path::new(ROOT)
                    .join("tests/web/node_modules/playwright-core")
                    .is_dir(),
                "Playwright's core (npm ci in tests/web)",
            ),
            (chromium.is_file(), "chromium (apt-get install chromium)"),
        ]
        .into_iter()
        .find(|(here, _)| !here)
        .map(|(_, what)| what);
        if let Some(what) = missing {
            assert!(
                !in_ci(),
                "{name}: {what} is missing, and in CI (CI=true) the page's tests must run"
            );
            eprintln!("SKIPPED {name}: {what} is missing");
            return None;
        }
        Some(Page { url: serve(site) })
    }

    /// Opens the page anew and follows `plan` (the steps of
    /// `tests/web/page.mjs`): what the steps read, in order, the first
    /// frame's time first and the page's errors last.
    ///
    /// # Panics
    /// When the browser cannot be driven.
    pub fn run(&self, plan: &Value) -> Vec<Value> {
        let output = Command::new("node")
            .arg(Path::new(ROOT).join("tests/web/page.mjs"))
            .arg(&self.url)
            .arg(plan.to_string())
            .output()
            .expect("node runs");
        let out = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "the page's driver failed: {out}{}",
            String::from_utf8_lossy(&output.stderr)
        );
        out.lines()
            .map(|line| serde_json::from_str(line).expect("a JSON line"))
            .collect()
    }
}

/// Serves the files of `site` on loopback, each request on a thread of its
/// own; returns the address.
fn serve(site: PathBuf) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port on loopback");
    let url = format!("http://{}/", listener.local_addr().expect("an address"));
    thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let site = site.clone();
            thread::spawn(move || {
                let mut reader = BufReader::new(&stream);
                let mut request = String::new();
                if reader.read_line(&mut request).is_err() {
                    return;
                }
                // The path asked for, without its query (`?bench`).
                let asked = request.split(' ').nth(1).unwrap_or("/");
                let asked = asked.split('?').next().unwrap_or("/");
                let name = match asked.trim_start_matches('/') {
                    "" => "index.html",
                    name => name,
                };
                let file = site.join(name);
                let (status, body) = match fs::read(&file) {
                    Ok(body) if !name.contains("..") => ("200 OK", body),
                    _ => ("404 Not Found", Vec::new()),
                };
                let kind = match file.extension().and_then(|extension| extension.to_str()) {
                    Some("html") => "text/html; charset=utf-8",
                    Some("js") => "text/javascript",
                    Some("wasm") => "application/wasm",
                    _ => "application/octet-stream",
                };
                let mut stream = &stream;
                let _ = write!(
                    stream,
                    "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                    body.len()
                );
                let _ = stream.write_all(&body);
            });
        }
    });
    url
}
