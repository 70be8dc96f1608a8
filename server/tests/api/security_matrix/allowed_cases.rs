//! The cases of a caller the document allows: a cross-site request of it is refused with
//! nothing changed, shop B's ids named by it find nothing, a body over the limit is refused.

use serde_json::Value;

use super::document::Operation;
use super::{Matrix, described};
use crate::security_matrix_support::{
    Caller, ShopRows, client_keys_only, fill, oversized, snapshot, valid_body,
};

const EVIL_ORIGIN: &str = "https://evil.example";

/// The cases of an allowed `caller` (`None`: a public operation): cross-site, other shop's
/// ids, body limit.
pub(super) async fn check_writes(
    matrix: &mut Matrix,
    operation: &Operation,
    caller: Option<Caller>,
) {
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
