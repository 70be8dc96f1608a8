//! Each area's route table in the server (`route_table!`, `pos_server::http::ROUTE_TABLES`)
//! holds exactly the operations of the OpenAPI document, with the same method and caller.
//!
//! `docs/routes.md` is the API's route table, area by area: method, path, operation, handler and
//! who may call it, read from the OpenAPI document the handlers declare. This test fails when
//! the table no longer matches the routes; `POS_WRITE_ROUTE_TABLE=1` rewrites it.

use std::collections::BTreeMap;
use std::path::Path;

use pos_server::http::{ROUTE_TABLES, RouteRow};
use serde_json::Value;

use crate::support::{Backend, spawn_app};

const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

#[tokio::test]
async fn the_route_table_in_docs_matches_the_routes() {
    let app = spawn_app(Backend::Sqlite).await;
    let document: Value = app.get("/api/v1/openapi.json").await.json().await.unwrap();
    let table = route_table(&document);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/routes.md");
    if std::env::var_os("POS_WRITE_ROUTE_TABLE").is_some() {
        std::fs::write(&path, &table).unwrap();
    }
    let kept = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        kept == table,
        "docs/routes.md does not match the routes: run \
         `POS_WRITE_ROUTE_TABLE=1 cargo test -p pos-server --test api route_table` and commit it"
    );
}

#[tokio::test]
async fn every_operation_is_in_one_route_table_with_its_method_path_and_caller() {
    let app = spawn_app(Backend::Sqlite).await;
    let document: Value = app.get("/api/v1/openapi.json").await.json().await.unwrap();
    let mut problems = Vec::new();

    let operations = operations(&document);
    for (method, path, operation) in &operations {
        let rows: Vec<(&str, &RouteRow)> = table_rows()
            .filter(|(_, row)| row.method == *method && row.path == *path)
            .collect();
        let [(area, row)] = rows.as_slice() else {
            problems.push(format!(
                "{} {path} is in {} route table rows, not one",
                method.to_uppercase(),
                rows.len()
            ));
            continue;
        };
        let documented = security(operation);
        let listed = row
            .caller
            .security()
            .map(|(scheme, scope)| (scheme.to_owned(), scope.map(str::to_owned)));
        if documented != listed {
            problems.push(format!(
                "{} {path}: the OpenAPI document says {documented:?}, {area}'s table says {:?}",
                method.to_uppercase(),
                row.caller
            ));
        }
    }

    for (area, row) in table_rows() {
        let documented = operations
            .iter()
            .any(|(method, path, _)| *method == row.method && *path == row.path);
        if !documented {
            problems.push(format!(
                "{area}'s table lists {} {} ({}), which the OpenAPI document does not describe",
                row.method.to_uppercase(),
                row.path,
                row.handler
            ));
        }
    }

    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every operation of the document: its method, path and description.
fn operations(document: &Value) -> Vec<(&'static str, &str, &Value)> {
    let paths = document["paths"].as_object().expect("paths");
    let mut operations = Vec::new();
    for (path, item) in paths {
        for method in METHODS {
            if let Some(operation) = item.get(method) {
                operations.push((method, path.as_str(), operation));
            }
        }
    }
    operations
}

/// Every row of every area's route table, with its area.
fn table_rows() -> impl Iterator<Item = (&'static str, &'static RouteRow)> {
    ROUTE_TABLES
        .iter()
        .flat_map(|(area, rows)| rows.iter().map(move |row| (*area, row)))
}

/// An operation's one security requirement as the scheme and its scope; `None` for a public
/// operation.
fn security(operation: &Value) -> Option<(String, Option<String>)> {
    let requirements = operation["security"].as_array()?;
    let [requirement] = requirements.as_slice() else {
        panic!("more than one security requirement: {requirements:?}");
    };
    let schemes = requirement.as_object()?;
    let mut schemes = schemes.iter();
    let (scheme, scopes) = schemes.next()?;
    assert!(
        schemes.next().is_none(),
        "more than one scheme: {requirement}"
    );
    let scopes = scopes.as_array().expect("scopes");
    assert!(scopes.len() <= 1, "more than one scope: {requirement}");
    let scope = scopes
        .first()
        .map(|scope| scope.as_str().expect("a scope").to_owned());
    Some((scheme.clone(), scope))
}

/// The handler of an operation, from the route tables: `categories::list`.
fn handler(method: &str, path: &str) -> String {
    table_rows()
        .find(|(_, row)| row.method == method && row.path == path)
        .map(|(area, row)| format!("{area}::{}", row.handler))
        .unwrap_or_default()
}

/// Who may call an operation, from its `security` requirement.
fn caller(operation: &Value) -> String {
    let Some(requirements) = operation["security"].as_array() else {
        return "anyone".to_owned();
    };
    let mut callers = Vec::new();
    for requirement in requirements {
        let Some(schemes) = requirement.as_object() else {
            continue;
        };
        if schemes.is_empty() {
            callers.push("anyone".to_owned());
        }
        for (scheme, scopes) in schemes {
            let scopes: Vec<&str> = scopes
                .as_array()
                .map(|all| all.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            callers.push(match (scheme.as_str(), scopes.as_slice()) {
                ("userSession", []) => "shop user (admin or staff)".to_owned(),
                ("userSession", ["admin"]) => "shop admin".to_owned(),
                ("userSession", ["staff"]) => "staff".to_owned(),
                ("userSession", [grant]) => format!("shop user granted `{grant}`"),
                ("superAdminSession", []) => "super admin".to_owned(),
                ("shopSession", []) => "the till's shop session".to_owned(),
                (other, scopes) => format!("{other} {scopes:?}"),
            });
        }
    }
    if callers.is_empty() {
        "anyone".to_owned()
    } else {
        callers.join(" or ")
    }
}

/// The table, one section per tag in the order the tags first appear.
fn route_table(document: &Value) -> String {
    let mut areas: Vec<String> = Vec::new();
    let mut rows: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let paths = document["paths"].as_object().expect("paths");
    for (path, item) in paths {
        for method in METHODS {
            let Some(operation) = item.get(method) else {
                continue;
            };
            let area = operation["tags"][0].as_str().unwrap_or("other").to_owned();
            if !areas.contains(&area) {
                areas.push(area.clone());
            }
            let summary = operation["summary"]
                .as_str()
                .unwrap_or("")
                .trim_end_matches('.');
            rows.entry(area).or_default().push(format!(
                "| {} | `{path}` | {summary} | `{}` | `{}` | {} |",
                method.to_uppercase(),
                operation["operationId"].as_str().unwrap_or(""),
                handler(method, path),
                caller(operation),
            ));
        }
    }
    let mut table = String::from(
        "# Routes\n\n\
         Every route of the API under `/api/v1`, area by area (in the order the areas first \
         appear, paths sorted): the method, the path, what it does, its OpenAPI operation, its \
         handler (under `server/src/http`) and who may call it. Each area's routes are one table \
         in its module (`route_table!`). Written from the OpenAPI document the handlers declare \
         (`GET /api/v1/openapi.json`, docs/openapi.md); `server/tests/api/route_table.rs` fails \
         when it no longer matches, \
         and `POS_WRITE_ROUTE_TABLE=1 cargo test -p pos-server --test api route_table` \
         rewrites it.\n",
    );
    for area in &areas {
        table.push_str(&format!(
            "\n## {area}\n\n| method | path | what | operation | handler | who |\n|---|---|---|---|---|---|\n"
        ));
        for row in &rows[area] {
            table.push_str(row);
            table.push('\n');
        }
    }
    table
}
