//! The security matrix: every operation of the served OpenAPI document, checked
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

mod allowed_cases;
mod document;
mod source_params;

use allowed_cases::check_writes;
use document::{Operation, Security, operations, verdict};

use crate::security_matrix_support::{Caller, World, all_grants, fill};
use crate::support::{Backend, on_both_backends};

on_both_backends!(every_operation_refuses_as_its_security_says);

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
