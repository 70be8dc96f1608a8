//! Before a route is documented the matrix cannot see it; this checks the routers' tables and
//! source so their path parameters already have fixtures when it is.

use std::path::Path;

use pos_server::http::ROUTE_TABLES;

use crate::security_matrix_support::{fill, placeholder_rows};

/// The path parameters of every route the server declares have a fixture, before the route is
/// documented (the matrix itself sees only documented routes): a path of an area's route table
/// (`route_table!`), or a path literal of a `.route(...)` or a `#[utoipa::path(path = ...)]`
/// in the source.
#[test]
fn every_path_parameter_in_the_source_has_a_fixture() {
    let http = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/http");
    let mut templates: Vec<String> = ROUTE_TABLES
        .iter()
        .flat_map(|(_, rows)| rows.iter().map(|row| row.path.to_owned()))
        .collect();
    collect_templates(&http, &mut templates);
    assert!(
        templates.iter().any(|path| path.contains('{')),
        "no route with a path parameter found under {}",
        http.display()
    );
    let rows = placeholder_rows();
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

fn collect_templates(folder: &Path, found: &mut Vec<String>) {
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
