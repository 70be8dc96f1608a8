//! Deliveries received into stock (docs/api-stock.md, "Receiving"): a supplier's goods put on
//! the shelf, each line adding its quantity to the product and setting the product's cost price
//! to the weighted average of what was on hand and what came in. pos_core's `receive_delivery`
//! checks the lines and gives each line's cost, the average after it and the delivery's total;
//! the whole delivery is one transaction, and the same `ref` sent again lands once.
//!
//! Only the cost price changes: the product's own selling price and markup stay. A product with
//! no selling price of its own sells at its cost marked up (core's unit price rule), so its price
//! follows the new cost, as it follows any edit of the cost.

use std::collections::HashMap;

use pos_core::Decimal;
use pos_core::catalog::Unit;
use pos_core::stock::{
    DELIVERY_TEXT_MAX_CHARS, DeliveryInput, DeliveryLineInput, MAX_DELIVERY_LINES, receive_delivery,
};
use pos_core::validation::{Lines, optional_text, required_text};

use crate::audit_trail::{self, Actor, Happening};
use crate::clock::Clock;
use crate::db::audit::AuditEvent;
use crate::db::catalog::products;
use crate::db::catalog::stock_moves::{self, MovedBy, NewMove, kind};
use crate::db::catalog::stock_receivings::{
    self, NewReceiving, NewReceivingLine, ReceivingLineRow, ReceivingSummaryRow, StockReceivingRow,
};
use crate::db::identity::users::User;
use crate::db::support::scaled::{CENTS, E3, money, plain, to_scaled};
use crate::db::{Db, Executor, sync};
use crate::service_error::ServiceError;

pub const PRODUCT_NOT_FOUND: &str = "Product not found";
pub const DELIVERY_NOT_FOUND: &str = "Delivery not found";
/// Most characters of a delivery's note.
pub const NOTE_MAX_CHARS: usize = 200;

/// A delivery as the caller sent it, its numbers already read.
#[derive(Debug, Clone, PartialEq)]
pub struct ReceivingRequest {
    pub supplier: String,
    pub reference: String,
    pub note: String,
    /// The client's key: the same delivery sent again lands once.
    pub client_ref: String,
    /// In the order given; a product may be on several lines.
    pub lines: Vec<LineRequest>,
}

/// One line as sent: the product's `_id`, the quantity received and its cost per unit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LineRequest {
    pub product_id: i64,
    pub quantity: Decimal,
    pub unit_cost: Decimal,
}

/// One line as recorded: what came in, what it cost, and the product's cost and stock after.
#[derive(Debug, Clone, PartialEq)]
pub struct ReceivedLine {
    pub product_id: i64,
    pub product_name: String,
    pub unit: Unit,
    pub quantity: Decimal,
    pub unit_cost: Decimal,
    pub line_cost: Decimal,
    pub cost_before: Decimal,
    pub cost_after: Decimal,
    pub quantity_after: Decimal,
}

/// A delivery and its lines, and whether this call recorded it (false: the same `ref` was
/// recorded before, and this answers it, or it was read).
#[derive(Debug, Clone, PartialEq)]
pub struct Received {
    pub receiving: StockReceivingRow,
    pub lines: Vec<ReceivedLine>,
    pub recorded: bool,
}

/// Receives the delivery `request` describes into the stock of `shop_id`, on behalf of
/// `person`.
pub async fn receive(
    db: &Db,
    clock: &Clock,
    shop_id: i64,
    person: &User,
    request: &ReceivingRequest,
) -> Result<Received, ServiceError> {
    refuse_malformed(request)?;
    let now = clock.now_millis();
    // Before any connection or row lock (db::support::shop_locks): what is on hand is read and
    // changed while no payment of the shop takes stock.
    let _shop_lock = db.lock_shop(shop_id).await;
    // Before any row lock: the products it changes are synced to the tills (db::sync::claim).
    let mut tx = sync::begin_claimed(db, shop_id).await?;
    if let Some(recorded) = stock_receivings::by_ref(&mut *tx, shop_id, &request.client_ref).await?
    {
        let lines = recorded_lines(&mut *tx, shop_id, recorded.id).await?;
        if !same_delivery(&recorded, &lines, request) {
            return Err(ServiceError::Conflict(
                "This delivery ref was recorded with other details".to_owned(),
            ));
        }
        tx.rollback().await?;
        return Ok(Received {
            receiving: recorded,
            lines,
            recorded: false,
        });
    }
    let mut found = Vec::with_capacity(request.lines.len());
    for (index, line) in request.lines.iter().enumerate() {
        let product = products::find(&mut *tx, shop_id, line.product_id)
            .await?
            .filter(|product| !product.custom)
            .ok_or_else(|| {
                ServiceError::NotFound(format!("Line {}: {PRODUCT_NOT_FOUND}", index + 1))
            })?;
        found.push(product);
    }
    let delivery = receive_delivery(DeliveryInput {
        supplier: request.supplier.clone(),
        reference: Some(request.reference.clone()),
        lines: request
            .lines
            .iter()
            .zip(&found)
            .map(|(line, product)| DeliveryLineInput {
                product_id: product.id.to_string(),
                unit: product.unit,
                on_hand: product.quantity,
                unit_cost: product.cost_price,
                quantity: line.quantity,
                cost: line.unit_cost,
            })
            .collect(),
    })
    .map_err(|error| ServiceError::Invalid(error.message().to_owned()))?;
    let header = NewReceiving {
        shop_id,
        supplier: &delivery.supplier,
        reference: delivery.reference.as_deref().unwrap_or(""),
        note: request.note.trim(),
        client_ref: &request.client_ref,
        total_cost_cents: to_scaled(delivery.total_cost, CENTS)?,
        user_id: Some(person.id),
        user_name: &person.user_name,
        created_at: now,
    };
    let receiving_id = stock_receivings::insert(&mut *tx, &header).await?;
    let by = MovedBy {
        user_id: Some(person.id),
        user_name: &person.user_name,
        shift_id: None,
    };
    // The cost each product is at so far in this delivery: a second line of a product starts
    // from the first one's average.
    let mut costs: HashMap<i64, Decimal> = HashMap::new();
    let mut lines = Vec::with_capacity(found.len());
    for (index, (received, product)) in delivery.lines.iter().zip(found).enumerate() {
        let cost_before = *costs.get(&product.id).unwrap_or(&product.cost_price);
        costs.insert(product.id, received.unit_cost_after);
        let quantity_e3 = to_scaled(received.quantity, E3)?;
        let after = products::add_stock(&mut *tx, shop_id, product.id, quantity_e3, now)
            .await?
            .ok_or_else(|| ServiceError::NotFound(PRODUCT_NOT_FOUND.to_owned()))?;
        let cost_after_cents = to_scaled(received.unit_cost_after, CENTS)?;
        products::set_cost(&mut *tx, shop_id, product.id, cost_after_cents, now).await?;
        let row = NewMove {
            shop_id,
            product_id: product.id,
            kind: kind::RECEIVING,
            change_e3: quantity_e3,
            invoice_id: None,
            refund_id: None,
            adjustment: None,
            receiving_id: Some(receiving_id),
            count_id: None,
            by,
            created_at: now,
        };
        stock_moves::insert(&mut *tx, &row).await?;
        let line = NewReceivingLine {
            receiving_id,
            line_number: index as i64 + 1,
            product_id: product.id,
            quantity_e3,
            unit_cost_cents: to_scaled(received.cost, CENTS)?,
            line_cost_cents: to_scaled(received.line_cost, CENTS)?,
            cost_before_cents: to_scaled(cost_before, CENTS)?,
            cost_after_cents,
        };
        stock_receivings::insert_line(&mut *tx, &line).await?;
        lines.push(ReceivedLine {
            product_id: product.id,
            product_name: product.product_name,
            unit: product.unit,
            quantity: received.quantity,
            unit_cost: received.cost,
            line_cost: received.line_cost,
            cost_before,
            cost_after: received.unit_cost_after,
            quantity_after: plain(after, E3),
        });
    }
    let receiving = stock_receivings::find(&mut *tx, shop_id, receiving_id)
        .await?
        .ok_or_else(|| ServiceError::invariant("a delivery just written cannot be read back"))?;
    let reference = delivery
        .reference
        .as_deref()
        .map_or_else(String::new, |reference| format!(" {reference}"));
    let happening = Happening {
        event: AuditEvent::StockReceived,
        subject: format!("delivery {receiving_id}"),
        detail: format!(
            "{}{reference}: {} lines, {}",
            delivery.supplier,
            lines.len(),
            delivery.total_cost
        ),
    };
    let actor = Actor::person(person.id, &person.user_name);
    audit_trail::write(&mut tx, shop_id, actor, now, happening).await?;
    tx.commit().await?;
    tracing::info!(
        shop_id,
        receiving_id,
        lines = lines.len(),
        "delivery received"
    );
    Ok(Received {
        receiving,
        lines,
        recorded: true,
    })
}

/// Delivery `id` of `shop_id` with its lines; 404 "Delivery not found" when the shop has none.
pub async fn find(db: &Db, shop_id: i64, id: i64) -> Result<Received, ServiceError> {
    let pool = db.pool();
    let receiving = stock_receivings::find(pool, shop_id, id)
        .await?
        .ok_or_else(|| ServiceError::NotFound(DELIVERY_NOT_FOUND.to_owned()))?;
    let lines = recorded_lines(pool, shop_id, id).await?;
    Ok(Received {
        receiving,
        lines,
        recorded: false,
    })
}

/// The newest `limit` deliveries of `shop_id` before delivery `before` (none: from the newest),
/// newest first, and whether older ones remain.
pub async fn page(
    db: &Db,
    shop_id: i64,
    before: Option<i64>,
    limit: i64,
) -> Result<(Vec<ReceivingSummaryRow>, bool), ServiceError> {
    let mut found = stock_receivings::page(db.pool(), shop_id, before, limit + 1).await?;
    let more = found.len() as i64 > limit;
    found.truncate(usize::try_from(limit).unwrap_or(0));
    Ok((found, more))
}

/// Checks what can be checked before any product is read, with core's own rules and words: the
/// supplier, the reference, the note, and 1 to [`MAX_DELIVERY_LINES`] lines.
fn refuse_malformed(request: &ReceivingRequest) -> Result<(), ServiceError> {
    let refused = |error: pos_core::CoreError| ServiceError::Invalid(error.message().to_owned());
    required_text("supplier", &request.supplier, DELIVERY_TEXT_MAX_CHARS).map_err(refused)?;
    optional_text(
        "reference",
        Some(&request.reference),
        DELIVERY_TEXT_MAX_CHARS,
        Lines::One,
    )
    .map_err(refused)?;
    optional_text("note", Some(&request.note), NOTE_MAX_CHARS, Lines::Several).map_err(refused)?;
    if request.lines.is_empty() {
        return Err(ServiceError::Invalid(
            "A delivery needs at least one line".to_owned(),
        ));
    }
    if request.lines.len() > MAX_DELIVERY_LINES {
        return Err(ServiceError::Invalid(format!(
            "A delivery can have at most {MAX_DELIVERY_LINES} lines"
        )));
    }
    Ok(())
}

/// Whether `request` is the delivery recorded: the same supplier and the same lines (product,
/// quantity and cost, in order).
fn same_delivery(
    recorded: &StockReceivingRow,
    lines: &[ReceivedLine],
    request: &ReceivingRequest,
) -> bool {
    recorded.supplier == request.supplier.trim()
        && lines.len() == request.lines.len()
        && lines.iter().zip(&request.lines).all(|(line, sent)| {
            line.product_id == sent.product_id
                && line.quantity == sent.quantity
                && line.unit_cost == sent.unit_cost
        })
}

/// The lines of a recorded delivery as answered.
async fn recorded_lines<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    receiving_id: i64,
) -> Result<Vec<ReceivedLine>, ServiceError> {
    stock_receivings::lines(db, shop_id, receiving_id)
        .await?
        .into_iter()
        .map(line_of_row)
        .collect()
}

fn line_of_row(row: ReceivingLineRow) -> Result<ReceivedLine, ServiceError> {
    // The products table's CHECK allows only known units.
    let unit = Unit::parse(&row.unit)
        .map_err(|_| ServiceError::invariant("a product's unit is one the catalogue knows"))?;
    Ok(ReceivedLine {
        product_id: row.product_id,
        product_name: row.product_name,
        unit,
        quantity: plain(row.quantity_e3, E3),
        unit_cost: money(row.unit_cost_cents),
        line_cost: money(row.line_cost_cents),
        cost_before: money(row.cost_before_cents),
        cost_after: money(row.cost_after_cents),
        quantity_after: plain(row.quantity_after_e3, E3),
    })
}
