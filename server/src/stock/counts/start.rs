//! Starting a count: a line for each live catalogue product of the shop (of one category when
//! given), with what it has on hand and its cost price now.

use super::{Count, show};
use crate::clock::Clock;
use crate::db::Db;
use crate::db::catalog::categories;
use crate::db::catalog::stock_counts::{self, NewCount};
use crate::db::identity::users::User;
use crate::service_error::ServiceError;

pub const ALREADY_OPEN: &str = "A count is already open: post or cancel it first";
const CATEGORY_NOT_FOUND: &str = "Category not found";

/// A count as the caller asked for it, its text already read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartRequest {
    /// `None`: every product of the shop.
    pub category_id: Option<i64>,
    pub note: String,
    /// The client's key: the same count asked for again starts once.
    pub client_ref: String,
}

/// Starts the count `request` asks for in `shop_id`, on behalf of `person`. Answers the count
/// and whether this call started it (false: the same `ref` started it before).
pub async fn start(
    db: &Db,
    clock: &Clock,
    shop_id: i64,
    person: &User,
    request: &StartRequest,
) -> Result<(Count, bool), ServiceError> {
    let (id, started) = record(db, clock, shop_id, person, request).await?;
    Ok((show(db, shop_id, id).await?, started))
}

async fn record(
    db: &Db,
    clock: &Clock,
    shop_id: i64,
    person: &User,
    request: &StartRequest,
) -> Result<(i64, bool), ServiceError> {
    // The quantities on hand are read while no payment of the shop takes stock.
    let _shop_lock = db.lock_shop(shop_id).await;
    let mut tx = db.writer().begin().await?;
    if let Some(id) = stock_counts::by_ref(&mut *tx, shop_id, &request.client_ref).await? {
        tx.rollback().await?;
        return Ok((id, false));
    }
    if let Some(category_id) = request.category_id {
        categories::find(&mut *tx, shop_id, category_id)
            .await?
            .ok_or_else(|| ServiceError::NotFound(CATEGORY_NOT_FOUND.to_owned()))?;
    }
    let already_open = || ServiceError::Conflict(ALREADY_OPEN.to_owned());
    if stock_counts::open_id(&mut *tx, shop_id).await?.is_some() {
        return Err(already_open());
    }
    let count = NewCount {
        shop_id,
        category_id: request.category_id,
        note: request.note.trim(),
        client_ref: &request.client_ref,
        user_id: Some(person.id),
        user_name: &person.user_name,
        started_at: clock.now_millis(),
    };
    // Another server of the shop may have opened one since the check: the index refuses it.
    let id = match stock_counts::insert(&mut *tx, &count).await {
        Err(error) if stock_counts::is_one_open(&error) => return Err(already_open()),
        other => other?,
    };
    let lines = stock_counts::add_lines(&mut *tx, (shop_id, id), request.category_id).await?;
    tx.commit().await?;
    tracing::info!(shop_id, count_id = id, lines, "stock count started");
    Ok((id, true))
}
