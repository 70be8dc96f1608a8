//! Stock adjusted by hand (docs/api-stock.md, "Adjustments"): goods taken off as damaged,
//! expired or stolen, or a mistake put right, for one product or several at once under one
//! reason. pos_core's `stock_adjustment` checks each line against what the product has on hand;
//! the whole adjustment is one transaction, and the same `ref` sent again lands once.

use pos_core::Decimal;
use pos_core::stock::{AdjustmentReason, StockAdjustmentInput, stock_adjustment};

use crate::audit_trail::{self, Actor, Happening};
use crate::clock::Clock;
use crate::db::audit::AuditEvent;
use crate::db::catalog::products;
use crate::db::catalog::stock_adjustments::{self, NewAdjustment, StockAdjustmentRow};
use crate::db::catalog::stock_moves::{self, MovedBy, NewMove, kind};
use crate::db::identity::users::User;
use crate::db::support::scaled::{E3, plain, to_scaled};
use crate::db::{Db, sync};
use crate::service_error::ServiceError;

pub const PRODUCT_NOT_FOUND: &str = "Product not found";
/// Most lines in one adjustment (a shelf's worth).
pub const MAX_LINES: usize = 200;

/// An adjustment as the caller sent it, its text already read.
#[derive(Debug, Clone, PartialEq)]
pub struct AdjustmentRequest {
    pub reason: AdjustmentReason,
    pub note: String,
    /// The client's key: the same adjustment sent again lands once.
    pub client_ref: String,
    /// `(product id, signed change)` in the order given, each product once.
    pub lines: Vec<(i64, Decimal)>,
}

/// One line as recorded: the product, the change and what it has on hand after.
#[derive(Debug, Clone, PartialEq)]
pub struct AdjustedLine {
    pub product_id: i64,
    pub product_name: String,
    pub unit: pos_core::catalog::Unit,
    pub change: Decimal,
    pub on_hand_after: Decimal,
}

/// What an adjustment did, and whether this call recorded it (false: the same `ref` was
/// recorded before, and this answers it).
#[derive(Debug, Clone, PartialEq)]
pub struct Adjusted {
    pub adjustment: StockAdjustmentRow,
    pub lines: Vec<AdjustedLine>,
    pub recorded: bool,
}

/// Adjusts the stock of `shop_id` as `request` says, on behalf of `person`.
pub async fn adjust(
    db: &Db,
    clock: &Clock,
    shop_id: i64,
    person: &User,
    request: &AdjustmentRequest,
) -> Result<Adjusted, ServiceError> {
    refuse_malformed(request)?;
    let now = clock.now_millis();
    // Before any connection or row lock (db::support::shop_locks): what is on hand is read and
    // changed while no payment of the shop takes stock.
    let _shop_lock = db.lock_shop(shop_id).await;
    // Before any row lock: the products it changes are synced to the tills (db::sync::claim).
    let mut tx = sync::begin_claimed(db, shop_id).await?;
    if let Some(recorded) =
        stock_adjustments::by_ref(&mut *tx, shop_id, &request.client_ref).await?
    {
        let lines = stock_moves::of_adjustment(&mut *tx, shop_id, recorded.id).await?;
        let sent: Vec<(i64, i64)> = request
            .lines
            .iter()
            .map(|(product, change)| Ok((*product, to_scaled(*change, E3)?)))
            .collect::<Result<_, ServiceError>>()?;
        if recorded.reason != request.reason.as_str() || lines != sent {
            return Err(ServiceError::Conflict(
                "This adjustment ref was recorded with other details".to_owned(),
            ));
        }
        let mut answered = Vec::with_capacity(lines.len());
        for (product_id, change_e3) in lines {
            let product = products::find(&mut *tx, shop_id, product_id).await?;
            answered.push(AdjustedLine {
                product_id,
                product_name: product
                    .as_ref()
                    .map_or_else(String::new, |p| p.product_name.clone()),
                unit: product.as_ref().map_or_else(Default::default, |p| p.unit),
                change: plain(change_e3, E3),
                on_hand_after: product.map_or(Decimal::ZERO, |p| p.quantity),
            });
        }
        tx.rollback().await?;
        return Ok(Adjusted {
            adjustment: recorded,
            lines: answered,
            recorded: false,
        });
    }
    let header = NewAdjustment {
        shop_id,
        reason: request.reason.as_str(),
        note: request.note.trim(),
        client_ref: &request.client_ref,
        user_id: Some(person.id),
        user_name: &person.user_name,
        created_at: now,
    };
    let adjustment_id = stock_adjustments::insert(&mut *tx, &header).await?;
    let by = MovedBy {
        user_id: Some(person.id),
        user_name: &person.user_name,
        shift_id: None,
    };
    let mut lines = Vec::with_capacity(request.lines.len());
    for (index, (product_id, change)) in request.lines.iter().enumerate() {
        let product = products::find(&mut *tx, shop_id, *product_id)
            .await?
            .filter(|product| !product.custom)
            .ok_or_else(|| {
                ServiceError::NotFound(format!("Line {}: {PRODUCT_NOT_FOUND}", index + 1))
            })?;
        let checked = stock_adjustment(StockAdjustmentInput {
            reason: request.reason,
            change: *change,
            unit: product.unit,
            on_hand: product.quantity,
        })
        .map_err(|error| line_error(index, &error))?;
        let change_e3 = to_scaled(checked.change, E3)?;
        let after = products::add_stock(&mut *tx, shop_id, product.id, change_e3, now)
            .await?
            .ok_or_else(|| ServiceError::NotFound(PRODUCT_NOT_FOUND.to_owned()))?;
        let row = NewMove {
            shop_id,
            product_id: product.id,
            kind: kind::ADJUSTMENT,
            change_e3,
            invoice_id: None,
            refund_id: None,
            adjustment: Some((adjustment_id, request.reason.as_str())),
            receiving_id: None,
            count_id: None,
            by,
            created_at: now,
        };
        stock_moves::insert(&mut *tx, &row).await?;
        lines.push(AdjustedLine {
            product_id: product.id,
            product_name: product.product_name,
            unit: product.unit,
            change: checked.change,
            on_hand_after: plain(after, E3),
        });
    }
    let adjustment = stock_adjustments::by_ref(&mut *tx, shop_id, &request.client_ref)
        .await?
        .ok_or_else(|| ServiceError::invariant("an adjustment just written cannot be read back"))?;
    let changes: Vec<String> = lines
        .iter()
        .map(|line| format!("{} {}", line.product_name, signed(line.change)))
        .collect();
    let happening = Happening {
        event: AuditEvent::StockAdjusted,
        subject: format!("stock adjustment {adjustment_id}"),
        detail: format!("{}: {}", request.reason.as_str(), changes.join(", ")),
    };
    let actor = Actor::person(person.id, &person.user_name);
    audit_trail::write(&mut tx, shop_id, actor, now, happening).await?;
    tx.commit().await?;
    tracing::info!(
        shop_id,
        adjustment_id,
        lines = lines.len(),
        "stock adjusted"
    );
    Ok(Adjusted {
        adjustment,
        lines,
        recorded: true,
    })
}

/// `+2` or `-0.25`: a change as the audit trail says it.
fn signed(change: Decimal) -> String {
    if change.is_sign_negative() {
        change.to_string()
    } else {
        format!("+{change}")
    }
}

/// An adjustment needs 1 to [`MAX_LINES`] lines, each product once.
fn refuse_malformed(request: &AdjustmentRequest) -> Result<(), ServiceError> {
    if request.lines.is_empty() {
        return Err(ServiceError::Invalid(
            "An adjustment needs at least one line".to_owned(),
        ));
    }
    if request.lines.len() > MAX_LINES {
        return Err(ServiceError::Invalid(format!(
            "An adjustment has at most {MAX_LINES} lines"
        )));
    }
    for (index, (product, _)) in request.lines.iter().enumerate() {
        let earlier = request.lines[..index]
            .iter()
            .position(|(id, _)| id == product);
        if let Some(first) = earlier {
            return Err(ServiceError::Invalid(format!(
                "Line {}: the product is already on line {}",
                index + 1,
                first + 1
            )));
        }
    }
    Ok(())
}

/// pos_core's refusal of line `index`, said as the line's.
fn line_error(index: usize, error: &pos_core::CoreError) -> ServiceError {
    ServiceError::Invalid(format!("Line {}: {}", index + 1, error.message()))
}
