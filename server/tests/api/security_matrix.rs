//! The security matrix (issue 8): every operation of the served OpenAPI document, checked
//! against the `security` it declares, so a new route cannot be forgotten.
//!
//! Per secured operation, with its path filled with real rows of the caller's own shop (so a
//! 404 cannot hide a missing check) and `{}` as its body (the session is checked before it):
//! no cookies -> 401; each session of another kind or role -> 401 without the needed cookie,
//! 403 with it; a staff member holding every grant but a needed one -> 403. Per operation that
//! changes state: a cross-site request of an allowed caller -> 403 with nothing changed. Per
//! operation with a path parameter: an allowed caller of shop A naming shop B's rows -> 404
//! with B unchanged. Per JSON body: 413 over the limit. Public operations answer without
//! cookies. Every cookie the server sets is HttpOnly, SameSite and site-wide.
//!
//! Failures are collected and asserted once, so one run shows every gap.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::security_matrix_support::{
    Caller, ShopRows, World, all_grants, client_keys_only, fill, oversized, snapshot, valid_body,
};
use crate::support::{Backend, on_both_backends};

on_both_backends!(every_operation_refuses_as_its_security_says);

const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];
const EVIL_ORIGIN: &str = "https://evil.example";

/// Alternatives (any one suffices), each a map of scheme to the scopes it needs (all of them).
type Security = Vec<BTreeMap<String, Vec<String>>>;

struct Operation {
    method: String,
    path: String,
    /// `None`: public.
    security: Option<Security>,
    body: bool,
    json_body: bool,
    statuses: Vec<String>,
}

impl Operation {
    fn name(&self) -> String {
        format!("{} {}", self.method, self.path)
    }

    fn has_params(&self) -> bool {
        self.path.contains('{')
    }

    /// The grants (scopes other than a role) any `userSession` entry needs.
    fn grants(&self) -> Vec<String> {
        let mut grants: Vec<String> = self
            .security
            .iter()
            .flatten()
            .filter_map(|entry| entry.get("userSession"))
            .flatten()
            .filter(|scope| !matches!(scope.as_str(), "admin" | "staff"))
            .cloned()
            .collect();
        grants.sort();
        grants.dedup();
        grants
    }
}

fn operations(document: &Value) -> Vec<Operation> {
    let paths = document["paths"]
        .as_object()
        .expect("the document has paths");
    let mut found = Vec::new();
    for (path, item) in paths {
        for method in METHODS {
            let Some(operation) = item.get(method) else {
                continue;
            };
            let security: Option<Security> = operation["security"]
                .as_array()
                .filter(|entries| !entries.is_empty())
                .map(|entries| {
                    let entries = Value::Array(entries.clone());
                    serde_json::from_value(entries).expect("security entries of scope lists")
                });
            let body = &operation["requestBody"]["content"];
            found.push(Operation {
                method: method.to_uppercase(),
                path: path.clone(),
                security,
                body: body.is_object(),
                json_body: body.get("application/json").is_some(),
                statuses: operation["responses"]
                    .as_object()
                    .map(|answers| answers.keys().cloned().collect())
                    .unwrap_or_default(),
            });
        }
    }
    found
}

/// What the document says `caller` gets: allowed, or refused with 401 (no entry's cookies all
/// present) or 403 (an entry's cookies present, with the wrong role or without the grant).
fn verdict(security: &Security, caller: &Caller) -> Result<Option<u16>, String> {
    let mut present_somewhere = false;
    for entry in security {
        let (mut present, mut satisfied) = (true, true);
        for (scheme, scopes) in entry {
            let (has, fits) = match scheme.as_str() {
                "shopSession" => (caller.shop, true),
                "superAdminSession" => (caller.super_admin, true),
                "userSession" => match &caller.user {
                    None => (false, false),
                    Some((role, grants)) => (
                        true,
                        scopes.iter().all(|scope| match scope.as_str() {
                            "admin" | "staff" => scope.as_str() == *role,
                            grant => grants.iter().any(|held| held == grant),
                        }),
                    ),
                },
                other => return Err(format!("unknown security scheme `{other}`")),
            };
            present &= has;
            satisfied &= has && fits;
        }
        if satisfied {
            return Ok(None);
        }
        present_somewhere |= present;
    }
    Ok(Some(if present_somewhere { 403 } else { 401 }))
}

/// One answer, read whole.
struct Sent {
    status: u16,
    text: String,
}

struct Matrix {
    world: World,
    failures: Vec<String>,
    cases: usize,
    set_cookies: Vec<String>,
}

impl Matrix {
    async fn send(
        &mut self,
        (method, path): (&str, &str),
        caller: Option<&Caller>,
        headers: &[(&str, &str)],
        body: Option<String>,
    ) -> Sent {
        let app = &self.world.app;
        let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
        let mut request = app
            .client
            .request(method, app.url(&format!("/api/v1{path}")));
        if let Some(caller) = caller.filter(|caller| !caller.cookies.is_empty()) {
            request = request.header("cookie", &caller.cookies);
        }
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        if let Some(body) = body {
            request = request
                .header("content-type", "application/json")
                .body(body);
        }
        let response = request.send().await.expect("request sent");
        let cookies = response.headers().get_all(reqwest::header::SET_COOKIE);
        self.set_cookies.extend(
            cookies
                .iter()
                .map(|value| value.to_str().unwrap().to_owned()),
        );
        Sent {
            status: response.status().as_u16(),
            text: response.text().await.unwrap_or_default(),
        }
    }

    /// Counts one case and records it as failed unless `passed`.
    fn check(
        &mut self,
        operation: &Operation,
        case: &str,
        expected: &str,
        passed: bool,
        got: &str,
    ) {
        self.record(&operation.name(), case, expected, passed, got);
    }

    fn record(&mut self, what: &str, case: &str, expected: &str, passed: bool, got: &str) {
        self.cases += 1;
        if !passed {
            self.failures
                .push(format!("{what} [{case}]: expected {expected}, got {got}"));
        }
    }

    fn expect_status(&mut self, operation: &Operation, case: &str, expected: u16, sent: &Sent) {
        let got = described(sent);
        self.check(
            operation,
            case,
            &expected.to_string(),
            sent.status == expected,
            &got,
        );
    }

    /// The caller the document allows, signed in to shop A, preferring the shop's admin.
    fn allowed(&self, security: &Security) -> Option<Caller> {
        let world = &self.world;
        [
            &world.admin,
            &world.staff,
            &world.shop_only,
            &world.user_only,
            &world.super_admin,
        ]
        .into_iter()
        .find(|caller| verdict(security, caller) == Ok(None))
        .cloned()
    }
}

fn described(sent: &Sent) -> String {
    let message = serde_json::from_str::<Value>(&sent.text)
        .ok()
        .and_then(|body| body["message"].as_str().map(str::to_owned))
        .unwrap_or_else(|| sent.text.chars().take(120).collect());
    format!("{} \"{message}\"", sent.status)
}

async fn every_operation_refuses_as_its_security_says(backend: Backend) {
    let world = World::build(backend).await;
    let response = world.app.get("/api/v1/openapi.json").await;
    assert_eq!(response.status(), 200, "the document is served");
    let document: Value = response.json().await.unwrap();
    let operations = operations(&document);
    assert!(
        !operations.is_empty(),
        "the document has no operations to check"
    );
    let mut matrix = Matrix {
        world,
        failures: Vec::new(),
        cases: 0,
        set_cookies: Vec::new(),
    };
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for operation in &operations {
        let before = matrix.cases;
        check_operation(&mut matrix, operation).await;
        let kind = if operation.security.is_some() {
            "secured"
        } else {
            "public"
        };
        *counts.entry(kind).or_default() += 1;
        eprintln!("  {:<60} {} cases", operation.name(), matrix.cases - before);
    }
    let mut cookies = std::mem::take(&mut matrix.set_cookies);
    cookies.extend(matrix.world.sign_in_cookies.clone());
    check_cookie_flags(&mut matrix, &cookies);
    eprintln!(
        "security matrix ({backend:?}): {} operations ({} secured, {} public) x their cases = {} \
         checks, {} Set-Cookie headers; {} failed",
        operations.len(),
        counts.get("secured").unwrap_or(&0),
        counts.get("public").unwrap_or(&0),
        matrix.cases,
        cookies.len(),
        matrix.failures.len()
    );
    assert!(
        matrix.failures.is_empty(),
        "{} of {} security checks failed:\n{}",
        matrix.failures.len(),
        matrix.cases,
        matrix.failures.join("\n")
    );
}

async fn check_operation(matrix: &mut Matrix, operation: &Operation) {
    let method = operation.method.as_str();
    let own_path = match fill(method, &operation.path, &matrix.world.a) {
        Ok(path) => path,
        Err(problem) => {
            matrix.check(operation, "path parameters", "a fixture", false, &problem);
            return;
        }
    };
    let probe = operation.body.then(|| "{}".to_owned());
    let target = (method, own_path.as_str());
    let Some(security) = &operation.security else {
        let sent = matrix.send(target, None, &[], probe).await;
        let reachable = sent.status != 401 && sent.status < 500;
        matrix.check(
            operation,
            "public",
            "not 401 or 5xx",
            reachable,
            &described(&sent),
        );
        return check_writes(matrix, operation, None).await;
    };
    let sent = matrix.send(target, None, &[], probe.clone()).await;
    matrix.expect_status(operation, "no session", 401, &sent);

    let world = &matrix.world;
    let others = [
        &world.shop_only,
        &world.user_only,
        &world.staff,
        &world.admin,
        &world.super_admin,
    ];
    let others: Vec<Caller> = others.into_iter().cloned().collect();
    for caller in &others {
        match verdict(security, caller) {
            Ok(None) => {}
            Ok(Some(status)) => {
                let sent = matrix.send(target, Some(caller), &[], probe.clone()).await;
                let case = format!("wrong role: {}", caller.name);
                matrix.expect_status(operation, &case, status, &sent);
            }
            Err(problem) => {
                matrix.check(operation, "security", "known schemes", false, &problem);
                return;
            }
        }
    }
    for grant in operation.grants() {
        let mut lacking = matrix.world.staff.clone();
        let held: Vec<String> = all_grants()
            .into_iter()
            .filter(|g| *g != grant)
            .map(Into::into)
            .collect();
        lacking.user = Some(("staff", held));
        let Ok(Some(status)) = verdict(security, &lacking) else {
            continue;
        };
        matrix.world.set_staff_grant(&grant, false).await;
        let sent = matrix
            .send(target, Some(&lacking), &[], probe.clone())
            .await;
        matrix.world.set_staff_grant(&grant, true).await;
        let case = format!("missing permission {grant}");
        matrix.expect_status(operation, &case, status, &sent);
    }
    match matrix.allowed(security) {
        Some(caller) => check_writes(matrix, operation, Some(caller)).await,
        None => matrix.check(
            operation,
            "allowed caller",
            "one",
            false,
            "no caller the matrix signs in is allowed",
        ),
    }
}

/// The cases of an allowed `caller` (`None`: a public operation): cross-site, other shop's
/// ids, body limit.
async fn check_writes(matrix: &mut Matrix, operation: &Operation, caller: Option<Caller>) {
    let method = operation.method.as_str();
    let (a, b): (ShopRows, ShopRows) = (matrix.world.a.clone(), matrix.world.b.clone());
    let own_path = fill(method, &operation.path, &a).expect("filled before");
    let valid = valid_body(method, &operation.path, &a);
    let body = operation.body.then(|| {
        valid
            .clone()
            .map_or_else(|| "{}".to_owned(), |body| body.to_string())
    });
    if method != "GET" {
        for header in [("origin", EVIL_ORIGIN), ("sec-fetch-site", "cross-site")] {
            let before = snapshot(&matrix.world.app, None).await;
            let target = (method, own_path.as_str());
            let sent = matrix
                .send(target, caller.as_ref(), &[header], body.clone())
                .await;
            let after = snapshot(&matrix.world.app, None).await;
            let case = format!("cross-site ({}: {})", header.0, header.1);
            matrix.expect_status(operation, &case, 403, &sent);
            let changed = changes(&before, &after);
            matrix.check(
                operation,
                &case,
                "nothing changed",
                changed.is_empty(),
                &changed,
            );
        }
    }
    let shop_scoped = caller.as_ref().is_some_and(|caller| !caller.super_admin);
    if operation.has_params() && shop_scoped {
        check_other_shop(matrix, operation, caller.as_ref(), &b, valid).await;
    }
    if operation.json_body {
        let target = (method, own_path.as_str());
        let sent = matrix
            .send(target, caller.as_ref(), &[], Some(oversized()))
            .await;
        matrix.expect_status(operation, "body over the limit", 413, &sent);
    }
}

/// Shop A's allowed caller naming shop B's rows: 404 (documented), B unchanged.
async fn check_other_shop(
    matrix: &mut Matrix,
    operation: &Operation,
    caller: Option<&Caller>,
    b: &ShopRows,
    valid: Option<Value>,
) {
    let method = operation.method.as_str();
    let case = "other shop's ids";
    let their_path = fill(method, &operation.path, b).expect("filled before");
    if client_keys_only(method, &operation.path) {
        // A client's key names nothing in another shop: the request is shop A's own (a till
        // invoice created under that ref, or nothing to delete); only B must be untouched.
        let before = snapshot(&matrix.world.app, Some(&b.shop_id)).await;
        let body = valid.map(|body| body.to_string());
        let sent = matrix
            .send((method, their_path.as_str()), caller, &[], body)
            .await;
        let after = snapshot(&matrix.world.app, Some(&b.shop_id)).await;
        let fine = sent.status < 500;
        matrix.check(operation, case, "no 5xx", fine, &described(&sent));
        let changed = changes(&before, &after);
        matrix.check(
            operation,
            case,
            "shop B unchanged",
            changed.is_empty(),
            &changed,
        );
        return;
    }
    let documented = operation.statuses.iter().any(|status| status == "404");
    matrix.check(
        operation,
        case,
        "404 in the document",
        documented,
        "no 404 documented",
    );
    if operation.body && valid.is_none() {
        let problem = "no valid body: add one to valid_body in security_matrix_support.rs";
        matrix.check(operation, case, "a valid body", false, problem);
        return;
    }
    let before = snapshot(&matrix.world.app, Some(&b.shop_id)).await;
    let body = valid.map(|body| body.to_string());
    let sent = matrix
        .send((method, their_path.as_str()), caller, &[], body)
        .await;
    let after = snapshot(&matrix.world.app, Some(&b.shop_id)).await;
    matrix.expect_status(operation, case, 404, &sent);
    let changed = changes(&before, &after);
    matrix.check(
        operation,
        case,
        "shop B unchanged",
        changed.is_empty(),
        &changed,
    );
}

/// The rows that differ, briefly (empty when none).
fn changes(before: &[String], after: &[String]) -> String {
    let gone: Vec<&String> = before.iter().filter(|row| !after.contains(row)).collect();
    let new: Vec<&String> = after.iter().filter(|row| !before.contains(row)).collect();
    if gone.is_empty() && new.is_empty() {
        return String::new();
    }
    format!("rows changed: was {gone:?}, now {new:?}")
}

/// HttpOnly, SameSite Lax or Strict, and the whole site, on every cookie the server set.
fn check_cookie_flags(matrix: &mut Matrix, cookies: &[String]) {
    assert!(!cookies.is_empty(), "the sign-ins set their cookies");
    for cookie in cookies {
        let name = cookie.split('=').next().unwrap_or_default();
        let flags: Vec<&str> = cookie.split(';').map(str::trim).collect();
        let same_site = flags
            .iter()
            .any(|flag| matches!(*flag, "SameSite=Lax" | "SameSite=Strict"));
        let ok = flags.contains(&"HttpOnly") && same_site && flags.contains(&"Path=/");
        let case = format!("flags of {name}");
        matrix.record(
            "Set-Cookie",
            &case,
            "HttpOnly; SameSite=Lax|Strict; Path=/",
            ok,
            cookie,
        );
    }
}

/// The path parameters of every route in the server's source have a fixture, before the
/// route is documented (the matrix itself sees only documented routes): a path literal of a
/// `.route(...)` or a `#[utoipa::path(path = ...)]`.
#[test]
fn every_path_parameter_in_the_source_has_a_fixture() {
    let http = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/http");
    let mut templates = Vec::new();
    collect_templates(&http, &mut templates);
    assert!(
        templates.iter().any(|path| path.contains('{')),
        "no route with a path parameter found under {}",
        http.display()
    );
    let rows = crate::security_matrix_support::placeholder_rows();
    let missing: Vec<String> = templates
        .iter()
        .filter_map(|path| {
            fill("GET", path, &rows)
                .err()
                .map(|e| format!("{path}: {e}"))
        })
        .collect();
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

fn collect_templates(folder: &std::path::Path, found: &mut Vec<String>) {
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect_templates(&path, found);
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines().map(str::trim_start) {
            if line.starts_with("//") || !(line.contains(".route(") || line.contains("path = ")) {
                continue;
            }
            let literals = line.split('"').skip(1).step_by(2);
            found.extend(
                literals
                    .filter(|text| text.starts_with('/'))
                    .map(str::to_owned),
            );
        }
    }
}
