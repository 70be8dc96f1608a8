//! GET /api/v1/openapi.json describes every route (docs/openapi.md).
//!
//! A route can only be documented if it is registered with `utoipa_axum::routes!` beside its
//! `#[utoipa::path]`; `every_route_is_registered_with_its_description` fails on any route added
//! another way, and `every_operation_is_described` on any documented route missing a summary,
//! its failures or who may call it.

use std::path::Path;

use serde_json::Value;

use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(the_document_is_served_and_describes_every_operation);

const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

async fn the_document_is_served_and_describes_every_operation(backend: Backend) {
    let app = spawn_app(backend).await;

    let response = app.get("/api/v1/openapi.json").await;

    assert_eq!(response.status(), 200);
    let document: Value = response.json().await.unwrap();
    assert!(
        document["openapi"].as_str().unwrap().starts_with("3.1"),
        "{}",
        document["openapi"]
    );
    assert_eq!(document["servers"][0]["url"], "/api/v1");
    let problems = undescribed_operations(&document);
    assert!(
        problems.is_empty(),
        "{} operations are not fully described:\n{}",
        problems.len(),
        problems.join("\n")
    );
    let broken = broken_links(&document);
    assert!(
        broken.is_empty(),
        "links that lead nowhere:\n{}",
        broken.join("\n")
    );
    let unconstrained = text_fields_without_their_pattern(&document);
    assert!(
        unconstrained.is_empty(),
        "free-text fields without core's pattern:\n{}",
        unconstrained.join("\n")
    );
    let (keys, loose) = loose_key_headers(&document);
    assert!(
        keys >= 20,
        "only {keys} operations document Idempotency-Key"
    );
    assert!(
        loose.is_empty(),
        "Idempotency-Key headers without the key's rules:\n{}",
        loose.join("\n")
    );
}

/// How many operations take an `Idempotency-Key` header, and those whose header schema does
/// not say the server's rule (1 to 200 characters from `!` to `~`).
fn loose_key_headers(document: &Value) -> (usize, Vec<String>) {
    let mut keys = 0;
    let mut loose = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for method in METHODS {
            let parameters = item[method]["parameters"].as_array().into_iter().flatten();
            for parameter in parameters.filter(|parameter| {
                parameter["in"] == "header" && parameter["name"] == "Idempotency-Key"
            }) {
                keys += 1;
                let schema = &parameter["schema"];
                let rule = (
                    &schema["minLength"],
                    &schema["maxLength"],
                    &schema["pattern"],
                );
                if rule != (&Value::from(1), &Value::from(200), &Value::from("^[!-~]+$")) {
                    loose.push(format!("{method} {path}: {schema}"));
                }
            }
        }
    }
    (keys, loose)
}

/// The free-text fields whose schema does not carry the pattern of core's rule: one that
/// refuses control characters, so a generated request with one is expected to be refused.
fn text_fields_without_their_pattern(document: &Value) -> Vec<String> {
    let schemas = &document["components"]["schemas"];
    pos_server::http::openapi_text::FREE_TEXT_FIELDS
        .iter()
        .filter(|(schema, field, text)| {
            schemas[schema]["properties"][field]["pattern"] != text.pattern()
        })
        .map(|(schema, field, _)| format!("{schema}.{field}"))
        .collect()
}

/// Every entry of the links table is in the document, and every link of the document names
/// an operation of it and one of that operation's path parameters (a renamed operation or
/// parameter would otherwise leave Schemathesis's stateful phase silently unlinked).
fn broken_links(document: &Value) -> Vec<String> {
    let mut operations = std::collections::HashMap::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for method in METHODS {
            if let Some(operation) = item.get(method) {
                operations.insert(
                    operation["operationId"].as_str().unwrap().to_owned(),
                    (path, operation),
                );
            }
        }
    }
    let mut broken = Vec::new();
    for links in pos_server::http::openapi_links::LINKS {
        let (source, statuses, targets) = (links.source, links.statuses, links.targets);
        for status in statuses {
            let links = operations
                .get(source)
                .map(|(_, operation)| &operation["responses"][*status]["links"]);
            for (target, _) in targets {
                if links.is_none_or(|links| links.get(*target).is_none()) {
                    broken.push(format!("{source} {status} has no link to {target}"));
                }
            }
        }
    }
    for (source, (_, operation)) in &operations {
        for (status, answer) in operation["responses"].as_object().unwrap() {
            let Some(links) = answer["links"].as_object() else {
                continue;
            };
            for (name, link) in links {
                let target = link["operationId"].as_str().unwrap_or_default();
                let Some((path, _)) = operations.get(target) else {
                    broken.push(format!("{source} {status} {name}: no operation {target}"));
                    continue;
                };
                for parameter in link["parameters"]
                    .as_object()
                    .into_iter()
                    .flatten()
                    .map(|(key, _)| key)
                {
                    if !path.contains(&format!("{{{parameter}}}")) {
                        broken.push(format!(
                            "{source} {status} {name}: {path} has no {{{parameter}}}"
                        ));
                    }
                }
            }
        }
    }
    broken
}

/// Every operation: a summary, a tag, a described answer for every status it lists, at least
/// one failure status, and a security entry unless it is one of the public routes.
fn undescribed_operations(document: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    let paths = document["paths"].as_object().expect("paths");
    assert!(paths.len() > 50, "only {} paths documented", paths.len());
    for (path, item) in paths {
        for method in METHODS {
            let Some(operation) = item.get(method) else {
                continue;
            };
            let name = format!("{} {path}", method.to_uppercase());
            if operation["summary"].as_str().is_none_or(str::is_empty) {
                problems.push(format!("{name}: no summary (the handler's doc comment)"));
            }
            if operation["tags"].as_array().is_none_or(Vec::is_empty) {
                problems.push(format!("{name}: no tag"));
            }
            let responses = operation["responses"].as_object();
            let Some(responses) = responses.filter(|all| !all.is_empty()) else {
                problems.push(format!("{name}: no responses"));
                continue;
            };
            for (status, answer) in responses {
                if answer["description"].as_str().is_none_or(str::is_empty) {
                    problems.push(format!("{name}: answer {status} has no description"));
                }
            }
            let public = PUBLIC.contains(&(method, path.as_str()));
            if !public && !responses.keys().any(|status| status.starts_with('4')) {
                problems.push(format!("{name}: no 4xx answer documented"));
            }
            let secured = operation["security"]
                .as_array()
                .is_some_and(|entries| !entries.is_empty());
            if secured == public {
                problems.push(format!(
                    "{name}: {}",
                    if public {
                        "public, but has a security entry"
                    } else {
                        "no security entry (add it, or list the route in PUBLIC)"
                    }
                ));
            }
        }
    }
    problems
}

/// The routes anyone may call (the security matrix checks them as such too).
const PUBLIC: &[(&str, &str)] = &[
    ("get", "/openapi.json"),
    ("get", "/health"),
    ("get", "/health/live"),
    ("post", "/shop/login"),
    ("post", "/super-admin/login"),
    ("post", "/password/reset-link"),
    ("post", "/password/reset/{token}"),
    ("post", "/payment/card/webhook"),
];

/// Routes registered with a plain `.route(...)` are served but missing from the document.
#[test]
fn every_route_is_registered_with_its_description() {
    let http = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/http");
    let mut plain = Vec::new();
    visit(&http, &mut |file, text| {
        for (number, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            if code.contains(".route(") || code.contains(".route_service(") {
                plain.push(format!("{}:{}: {code}", file.display(), number + 1));
            }
        }
    });
    assert!(
        plain.is_empty(),
        "routes added without `.routes(routes!(handler))` and a #[utoipa::path]:\n{}",
        plain.join("\n")
    );
}

fn visit(folder: &Path, each: &mut dyn FnMut(&Path, &str)) {
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            visit(&path, each);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            each(&path, &std::fs::read_to_string(&path).unwrap());
        }
    }
}
