//! Helpers for the shift tests (docs/api-shifts.md): the till's shift bodies and requests, and
//! the back office's reads of a shift.

use serde_json::{Value, json};

use crate::identity_support::{Browser, Reply};
use crate::till_support::rung_up_at;

pub const SHIFT: &str = "5b1f0c2e-1a2b-4c3d-8e4f-000000000001";
pub const SHIFT_2: &str = "5b1f0c2e-1a2b-4c3d-8e4f-000000000002";
pub const MOVEMENT: &str = "6c2a1d3f-1a2b-4c3d-8e4f-000000000001";
pub const MOVEMENT_2: &str = "6c2a1d3f-1a2b-4c3d-8e4f-000000000002";

/// The body that opens a shift on `device` with `float` in the drawer.
pub fn opening(device: &str, float: &str) -> Value {
    json!({"deviceCode": device, "openingFloat": float, "openedAt": rung_up_at(),
           "provisionalNumber": ""})
}

pub async fn open_shift(browser: &mut Browser, shift_ref: &str, body: Value) -> Reply {
    browser
        .call("PUT", &format!("/till/shifts/{shift_ref}"), Some(body))
        .await
}

/// A cash movement's body.
pub fn movement(movement_ref: &str, kind: &str, amount: &str, reason: &str) -> Value {
    json!({"ref": movement_ref, "kind": kind, "amount": amount, "reason": reason,
           "at": rung_up_at() + 1_000})
}

pub async fn move_cash(browser: &mut Browser, shift_ref: &str, body: Value) -> Reply {
    browser
        .post(&format!("/till/shifts/{shift_ref}/movements"), body)
        .await
}

/// A close with the cash counted as a total.
pub fn counted(cash: &str) -> Value {
    json!({"closedAt": rung_up_at() + 60_000, "countedCash": cash})
}

pub async fn close_shift(browser: &mut Browser, shift_ref: &str, body: Value) -> Reply {
    browser
        .post(&format!("/till/shifts/{shift_ref}/close"), body)
        .await
}

/// The open shift of `device` ("" for the web till).
pub async fn current(browser: &mut Browser, device: &str) -> Reply {
    browser
        .get(&format!("/till/shifts/current?deviceCode={device}"))
        .await
}

/// The admin's read of shift `id`, answered 200.
pub async fn detail(admin: &mut Browser, id: &str) -> Value {
    let reply = admin.get(&format!("/shifts/{id}")).await;
    reply.assert_status(200);
    reply.data().clone()
}

/// The `_id`s of the sales a shift's detail lists.
pub fn sale_ids(detail: &Value) -> Vec<String> {
    detail["sales"]
        .as_array()
        .unwrap()
        .iter()
        .map(|sale| sale["_id"].as_str().unwrap().to_owned())
        .collect()
}

/// The payment body `payment` naming the shift it was taken in.
pub fn in_shift(mut payment: Value, shift_ref: &str) -> Value {
    payment["shiftRef"] = json!(shift_ref);
    payment
}

/// The input core's shift report reads, from the back office's detail of a shift: its float,
/// sales, refunds, movements and count, as the web app hands them to `shiftReport`.
pub fn report_input(detail: &Value) -> Value {
    let shift = &detail["shift"];
    let sales: Vec<Value> = detail["sales"]
        .as_array()
        .unwrap()
        .iter()
        .map(|sale| {
            let mut input = json!({"invoiceId": sale["_id"], "subTotal": sale["subTotal"],
                   "totalDiscount": sale["totalDiscount"], "totalTax": sale["totalTax"],
                   "redeemAmount": sale["redeemAmount"], "totalAmount": sale["totalAmount"],
                   "rounding": sale["rounding"]});
            paid_by(&mut input, sale);
            input
        })
        .collect();
    let refunds: Vec<Value> = detail["refunds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|refund| {
            let mut input = json!({"invoiceId": refund["invoiceId"], "amount": refund["amount"]});
            paid_by(&mut input, refund);
            input
        })
        .collect();
    let movements: Vec<Value> = detail["movements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|movement| {
            json!({"kind": movement["kind"], "amount": movement["amount"],
                   "reason": movement["reason"]})
        })
        .collect();
    // An open shift has no count yet: its report is the X report.
    let counted = if shift["countedCash"].is_null() {
        Value::Null
    } else {
        json!({"total": shift["countedCash"]})
    };
    json!({"openingFloat": shift["openingFloat"], "sales": sales, "refunds": refunds,
           "movements": movements, "counted": counted})
}

/// What paid a sale (or took a refund back), as the web app hands it to core: its one method,
/// or each method's part when several did.
fn paid_by(input: &mut Value, figures: &Value) {
    let parts = figures["tenders"].as_array().cloned().unwrap_or_default();
    if parts.len() > 1 {
        input["tenders"] = Value::Array(parts);
    } else {
        let one = parts
            .first()
            .map_or(&figures["paymentMethod"], |part| &part["method"]);
        input["paymentMethod"] = one.clone();
    }
}
