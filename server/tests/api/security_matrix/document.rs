//! The operations of the OpenAPI document, and what their `security` lets a caller do.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::security_matrix_support::Caller;

const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

/// Alternatives (any one suffices), each a map of scheme to the scopes it needs (all of them).
pub(super) type Security = Vec<BTreeMap<String, Vec<String>>>;

pub(super) struct Operation {
    pub(super) method: String,
    pub(super) path: String,
    /// `None`: public.
    pub(super) security: Option<Security>,
    pub(super) body: bool,
    pub(super) json_body: bool,
    pub(super) statuses: Vec<String>,
}

impl Operation {
    pub(super) fn name(&self) -> String {
        format!("{} {}", self.method, self.path)
    }

    pub(super) fn has_params(&self) -> bool {
        self.path.contains('{')
    }

    /// The grants (scopes other than a role) any `userSession` entry needs.
    pub(super) fn grants(&self) -> Vec<String> {
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

pub(super) fn operations(document: &Value) -> Vec<Operation> {
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
pub(super) fn verdict(security: &Security, caller: &Caller) -> Result<Option<u16>, String> {
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
