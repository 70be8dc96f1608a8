//! `audit_log`: who did what, when. Rows are only ever added: nothing here changes or removes
//! one, and the database's triggers (migration 0023) refuse an UPDATE or DELETE from anywhere.

use sqlx::AssertSqlSafe;

use super::Executor;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuditEvent {
    SignIn,
    SignInFailed,
    SignOut,
    PermissionGranted,
    PermissionRevoked,
    PasswordChanged,
    Refund,
    CartCleared,
    LineRemoved,
    OpenOrderDeleted,
    PriceChanged,
    DiscountChanged,
    LoyaltyRateChanged,
    PointsRedeemed,
    CustomProductCreated,
    CashPaidIn,
    CashPaidOut,
    ShiftOpened,
    ShiftClosed,
    StoreCreditAdded,
    GiftCardSold,
    StockAdjusted,
    StockReceived,
    StockCounted,
}

impl AuditEvent {
    /// Every event, in the order the back office lists them.
    pub const ALL: [Self; 24] = [
        Self::SignIn,
        Self::SignInFailed,
        Self::SignOut,
        Self::PermissionGranted,
        Self::PermissionRevoked,
        Self::PasswordChanged,
        Self::Refund,
        Self::CartCleared,
        Self::LineRemoved,
        Self::OpenOrderDeleted,
        Self::PriceChanged,
        Self::DiscountChanged,
        Self::LoyaltyRateChanged,
        Self::PointsRedeemed,
        Self::CustomProductCreated,
        Self::CashPaidIn,
        Self::CashPaidOut,
        Self::ShiftOpened,
        Self::ShiftClosed,
        Self::StoreCreditAdded,
        Self::GiftCardSold,
        Self::StockAdjusted,
        Self::StockReceived,
        Self::StockCounted,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::SignIn => "sign-in",
            Self::SignInFailed => "sign-in-failed",
            Self::SignOut => "sign-out",
            Self::PermissionGranted => "permission-granted",
            Self::PermissionRevoked => "permission-revoked",
            Self::PasswordChanged => "password-changed",
            Self::Refund => "refund",
            Self::CartCleared => "cart-cleared",
            Self::LineRemoved => "line-removed",
            Self::OpenOrderDeleted => "open-order-deleted",
            Self::PriceChanged => "price-changed",
            Self::DiscountChanged => "discount-changed",
            Self::LoyaltyRateChanged => "loyalty-rate-changed",
            Self::PointsRedeemed => "points-redeemed",
            Self::CustomProductCreated => "custom-product-created",
            Self::CashPaidIn => "cash-paid-in",
            Self::CashPaidOut => "cash-paid-out",
            Self::ShiftOpened => "shift-opened",
            Self::ShiftClosed => "shift-closed",
            Self::StoreCreditAdded => "store-credit-added",
            Self::GiftCardSold => "gift-card-sold",
            Self::StockAdjusted => "stock-adjusted",
            Self::StockReceived => "stock-received",
            Self::StockCounted => "stock-counted",
        }
    }

    /// The event named `text` as [`Self::as_str`] writes it.
    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|event| event.as_str() == text)
    }
}

/// One row. `detail` is plain words for an operator: never a password, hash or token.
#[derive(Debug, Clone)]
pub struct AuditEntry {
    pub at: i64,
    pub shop_id: Option<i64>,
    pub user_id: Option<i64>,
    pub event: AuditEvent,
    pub detail: String,
    pub ip: Option<String>,
    /// What the row is about ("invoice INV-000012"); '' when the event says it all.
    pub subject: String,
    /// The person's name as it was then; '' when only the id is known.
    pub user_name: String,
    /// The till's device code when a till did it; '' otherwise.
    pub device_code: String,
}

pub async fn record<'e>(db: impl Executor<'e>, entry: &AuditEntry) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO audit_log (at, shop_id, user_id, event, detail, ip, subject, user_name, \
         device_code) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(entry.at)
    .bind(entry.shop_id)
    .bind(entry.user_id)
    .bind(entry.event.as_str())
    .bind(entry.detail.as_str())
    .bind(entry.ip.as_deref())
    .bind(entry.subject.as_str())
    .bind(entry.user_name.as_str())
    .bind(entry.device_code.as_str())
    .execute(db)
    .await
    .map(drop)
}

/// A row as the lists read it: with the person's name (the name written with the row, else
/// the account's name now) and the shop's name.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct AuditRow {
    pub id: i64,
    pub at: i64,
    pub shop_id: Option<i64>,
    pub shop_name: String,
    /// The shop's IANA time zone (`UTC` for a row of no shop).
    pub time_zone: String,
    pub user_id: Option<i64>,
    pub user_name: String,
    pub event: String,
    pub subject: String,
    pub detail: String,
    pub device_code: String,
}

/// Which rows a list shows; every given part applies.
#[derive(Debug, Clone, Default)]
pub struct AuditFilter {
    /// One shop's rows; all shops' when `None` (the super admin's list only).
    pub shop_id: Option<i64>,
    /// From this time (unix milliseconds), included.
    pub from: Option<i64>,
    /// Before this time, excluded.
    pub until: Option<i64>,
    /// Any of these events; every event when empty.
    pub events: Vec<AuditEvent>,
    pub user_id: Option<i64>,
}

/// A page of rows, newest first (then the higher id), after `after` (`at`, `id`), at most
/// `limit` rows.
pub async fn page<'e>(
    db: impl Executor<'e>,
    filter: &AuditFilter,
    after: Option<(i64, i64)>,
    limit: i64,
) -> Result<Vec<AuditRow>, sqlx::Error> {
    let mut sql = String::from(
        "SELECT a.id, a.at, a.shop_id, COALESCE(s.shop_name, '') AS shop_name, COALESCE(s.time_zone, 'UTC') AS time_zone, a.user_id, \
         COALESCE(NULLIF(a.user_name, ''), u.user_name, '') AS user_name, a.event, a.subject, \
         a.detail, a.device_code \
         FROM audit_log a \
         LEFT JOIN users u ON u.id = a.user_id \
         LEFT JOIN shops s ON s.id = a.shop_id \
         WHERE 1 = 1",
    );
    let mut next = 1;
    let mut placeholder = |sql: &mut String, condition: &str| {
        sql.push_str(&condition.replace('?', &format!("${next}")));
        next += 1;
    };
    if filter.shop_id.is_some() {
        placeholder(&mut sql, " AND a.shop_id = ?");
    }
    if filter.from.is_some() {
        placeholder(&mut sql, " AND a.at >= ?");
    }
    if filter.until.is_some() {
        placeholder(&mut sql, " AND a.at < ?");
    }
    if filter.user_id.is_some() {
        placeholder(&mut sql, " AND a.user_id = ?");
    }
    if !filter.events.is_empty() {
        sql.push_str(" AND a.event IN (");
        for index in 0..filter.events.len() {
            if index > 0 {
                sql.push_str(", ");
            }
            placeholder(&mut sql, "?");
        }
        sql.push(')');
    }
    if after.is_some() {
        let (at, id) = (next, next + 1);
        sql.push_str(&format!(
            " AND (a.at < ${at} OR (a.at = ${at} AND a.id < ${id}))"
        ));
        next += 2;
    }
    sql.push_str(&format!(" ORDER BY a.at DESC, a.id DESC LIMIT ${next}"));
    let mut query = sqlx::query_as(AssertSqlSafe(sql));
    if let Some(shop_id) = filter.shop_id {
        query = query.bind(shop_id);
    }
    if let Some(from) = filter.from {
        query = query.bind(from);
    }
    if let Some(until) = filter.until {
        query = query.bind(until);
    }
    if let Some(user_id) = filter.user_id {
        query = query.bind(user_id);
    }
    for event in &filter.events {
        query = query.bind(event.as_str());
    }
    if let Some((at, id)) = after {
        query = query.bind(at).bind(id);
    }
    query.bind(limit).fetch_all(db).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_event_reads_back_from_its_name() {
        for event in AuditEvent::ALL {
            assert_eq!(AuditEvent::parse(event.as_str()), Some(event));
        }
        assert_eq!(AuditEvent::parse("refunds"), None);
    }
}
