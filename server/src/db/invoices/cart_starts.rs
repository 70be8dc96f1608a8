//! Starting a cart for a customer (`POST /invoice/{customerId}`) as one atomic write: the
//! user's active carts with lines are parked as saved open orders (nothing rung up is lost),
//! then the user's newest empty cart is given to the customer, or a new cart is numbered.
//!
//! PostgreSQL does all of it in ONE statement, its own transaction: every sale starts a cart,
//! and each round trip to the database costs more than the work it carries (docs/benchmarks.md,
//! "A cart starts in one statement"). Data-modifying `WITH` queries run on one snapshot, so
//! the park (carts with lines) and the reuse (carts without) can never touch the same row.
//! SQLite, which has no data-modifying `WITH`, runs the same steps in a transaction.

use sqlx::AnyConnection;

use crate::db::customers::ShopCustomer;
use crate::db::invoices::rows::{self, INVOICE_NUMBER, NewInvoice, Staff};
use crate::db::invoices::{Invoice, status};
use crate::db::{Backend, Db, Executor, customers::loyalty, invariant, support::till_refs};

/// The cart a customer's sale goes on.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StartedCart {
    #[sqlx(flatten)]
    pub invoice: Invoice,
    /// The customer's loyalty balance, in hundredths of a point.
    pub balance_cents: i64,
    /// How many of the user's carts with lines became saved open orders.
    pub parked: i64,
    /// Whether the cart is the user's empty cart, reused (otherwise it is new).
    pub reused: bool,
}

/// Starts the cart of `staff` for the shop's live `customer`, changed at `now`; `None` (and
/// nothing written) when the shop has no such customer.
pub async fn start(
    db: &Db,
    customer: ShopCustomer,
    staff: Staff<'_>,
    now: i64,
) -> Result<Option<StartedCart>, sqlx::Error> {
    match db.backend() {
        Backend::Postgres => {
            sqlx::query_as(START_IN_ONE_STATEMENT)
                .bind(customer.shop_id)
                .bind(staff.user_id)
                .bind(now)
                .bind(customer.customer_id)
                .bind(staff.user_name)
                .bind(INVOICE_NUMBER)
                .bind(till_refs::new_ref()?)
                .bind(staff.role)
                .fetch_optional(db.writer())
                .await
        }
        Backend::Sqlite => {
            let mut transaction = db.writer().begin().await?;
            let started = start_step_by_step(&mut transaction, customer, staff, now).await?;
            if started.is_some() {
                transaction.commit().await?;
            }
            Ok(started)
        }
    }
}

/// PostgreSQL's [`start`]. `$1` shop, `$2` user, `$3` now, `$4` customer, `$5` the user's name,
/// `$6` the invoice number counter's kind, `$7` a new invoice's client ref, `$8` the user's role. The counter moves
/// only when a cart is inserted, and nothing is written for a customer the shop does not have:
/// the answer then has no row.
const START_IN_ONE_STATEMENT: &str = concat!(
    "WITH customer AS (\
     SELECT loyalty_balance_cents FROM customers \
     WHERE id = $4 AND shop_id = $1 AND deleted_at IS NULL), \
     parked AS (\
     UPDATE invoices SET status = 'saved', updated_at = $3 \
     WHERE shop_id = $1 AND staff_user_id = $2 AND status = 'active' \
     AND EXISTS (SELECT 1 FROM invoice_lines l WHERE l.invoice_id = invoices.id) \
     AND EXISTS (SELECT 1 FROM customer) RETURNING id), \
     reused AS (\
     UPDATE invoices SET customer_id = $4, staff_name = $5, redeem_cents = 0, \
     total_amount_cents = 0, updated_at = $3 \
     WHERE id = (SELECT i.id FROM invoices i \
     WHERE i.shop_id = $1 AND i.staff_user_id = $2 AND i.status = 'active' \
     AND NOT EXISTS (SELECT 1 FROM invoice_lines l WHERE l.invoice_id = i.id) \
     ORDER BY i.id DESC LIMIT 1) \
     AND EXISTS (SELECT 1 FROM customer) RETURNING ",
    crate::invoice_columns!(),
    ", TRUE AS reused), \
     number AS (\
     INSERT INTO id_counters (kind, shop_id, last_value) \
     SELECT $6, $1, 1 WHERE EXISTS (SELECT 1 FROM customer) \
     AND NOT EXISTS (SELECT 1 FROM reused) \
     ON CONFLICT (kind, shop_id) DO UPDATE SET last_value = id_counters.last_value + 1 \
     RETURNING last_value), \
     inserted AS (",
    crate::invoice_insert_into!(),
    "SELECT $1, last_value, 'active', $4, $2, $5, $8, $3, $3, $7, '', 0, 0, 0, 0, 0, 0 \
     FROM number \
     RETURNING ",
    crate::invoice_columns!(),
    ", FALSE AS reused), \
     started AS (SELECT * FROM reused UNION ALL SELECT * FROM inserted) \
     SELECT started.*, customer.loyalty_balance_cents AS balance_cents, \
     (SELECT COUNT(*) FROM parked) AS parked \
     FROM customer CROSS JOIN started"
);

/// SQLite's [`start`], in the caller's transaction (rolled back when the answer is `None`).
async fn start_step_by_step(
    db: &mut AnyConnection,
    customer: ShopCustomer,
    staff: Staff<'_>,
    now: i64,
) -> Result<Option<StartedCart>, sqlx::Error> {
    let ShopCustomer {
        shop_id,
        customer_id,
    } = customer;
    // A write first: the transaction is SQLite's writer from the start (see db::invoices::writes).
    let parked = park_active_carts(&mut *db, shop_id, staff.user_id, now).await?;
    let Some(balance_cents) =
        loyalty::live_customer_balance_cents(&mut *db, shop_id, customer_id).await?
    else {
        return Ok(None);
    };
    let reused = reuse_empty_cart(&mut *db, customer, staff, now).await?;
    let started = |invoice, reused| StartedCart {
        invoice,
        balance_cents,
        parked,
        reused,
    };
    if let Some(cart) = reused {
        return Ok(Some(started(cart, true)));
    }
    let new_cart = NewInvoice {
        shop_id,
        status: status::ACTIVE,
        customer_id: Some(customer_id),
        staff,
        now,
        till: None,
        totals: None,
    };
    let cart = rows::insert_invoice(db, new_cart).await?;
    Ok(Some(started(cart, false)))
}

/// Parks the user's `active` carts that have lines as `saved` open orders; returns how many.
async fn park_active_carts<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    staff_user_id: i64,
    now: i64,
) -> Result<i64, sqlx::Error> {
    let result = sqlx::query(
        "UPDATE invoices SET status = 'saved', updated_at = $3 \
         WHERE shop_id = $1 AND staff_user_id = $2 AND status = 'active' \
         AND EXISTS (SELECT 1 FROM invoice_lines l WHERE l.invoice_id = invoices.id)",
    )
    .bind(shop_id)
    .bind(staff_user_id)
    .bind(now)
    .execute(db)
    .await?;
    i64::try_from(result.rows_affected()).map_err(|_| invariant("too many carts parked to count"))
}

/// Gives the user's newest `active` cart without lines, if any, to `customer` (and to the
/// user's current name) and answers it. Its amounts are all zero already, the redemption
/// included.
async fn reuse_empty_cart<'e>(
    db: impl Executor<'e>,
    customer: ShopCustomer,
    staff: Staff<'_>,
    now: i64,
) -> Result<Option<Invoice>, sqlx::Error> {
    sqlx::query_as(concat!(
        "UPDATE invoices SET customer_id = $3, staff_name = $4, redeem_cents = 0, \
         total_amount_cents = 0, updated_at = $5 \
         WHERE id = (SELECT i.id FROM invoices i \
         WHERE i.shop_id = $1 AND i.staff_user_id = $2 AND i.status = 'active' \
         AND NOT EXISTS (SELECT 1 FROM invoice_lines l WHERE l.invoice_id = i.id) \
         ORDER BY i.id DESC LIMIT 1) RETURNING ",
        crate::invoice_columns!()
    ))
    .bind(customer.shop_id)
    .bind(staff.user_id)
    .bind(customer.customer_id)
    .bind(staff.user_name)
    .bind(now)
    .fetch_optional(db)
    .await
}
