//! The server's layers point one way: `http` (routes, extractors, answers) calls the domain
//! services, which call the repositories (`db`) and core; nothing below `http` imports it, so a
//! service speaks in its own error type (`service_error`) and never in HTTP statuses. `lib.rs`
//! is the composition root that builds the router, above every layer.

use std::fs;
use std::path::{Path, PathBuf};

#[test]
fn nothing_below_http_imports_it() {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut importing = Vec::new();
    for file in rust_files(&source) {
        let name = file
            .strip_prefix(&source)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if name.starts_with("http/") || name == "lib.rs" {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap();
        if text.lines().any(imports_http) {
            importing.push(name);
        }
    }
    importing.sort();
    assert!(
        importing.is_empty(),
        "these files below http import it: {importing:?}"
    );
}

/// A line of code (not a comment) that names the crate's `http` module.
fn imports_http(line: &str) -> bool {
    let code = line.trim_start();
    !code.starts_with("//") && (code.contains("crate::http") || code.contains("super::http"))
}

fn rust_files(folder: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            files.push(path);
        }
    }
    files
}

#[test]
fn a_line_that_names_http_is_told_from_a_comment_about_it() {
    assert!(imports_http("use crate::http::ApiError;"));
    assert!(imports_http(
        "    let answer = crate::http::envelope::ok(body);"
    ));
    assert!(!imports_http("/// validated: `crate::http::till_bodies`"));
    assert!(!imports_http("use axum::http::HeaderMap;"));
}
