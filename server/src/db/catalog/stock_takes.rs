//! Taking a sale's stock: one `UPDATE` for all of its products instead of one per line.
//!
//! A payment takes its stock inside the shop's serialised section (`db::support::shop_locks`),
//! where every round trip to the database is time the shop's other payments wait. On the 2-core
//! test host a round trip costs about 0.2 ms whatever the statement does (docs/benchmarks.md,
//! "Fewer round trips while a shop's payments wait"), so a basket of ten lines spent about 2 ms
//! there just on its stock.
//!
//! The statement names each product once: [`per_product`] adds up the lines of one product
//! (an invoice has at most one line per product, but a stock count must not depend on it).
//! The payment's ledger rows and roll-ups ride along as `WITH`s of it on PostgreSQL
//! (`db::support::write_batch`).

use std::fmt::Write;

use sqlx::AnyConnection;

use crate::db::support::write_batch::{Answering, Value, WriteBatch};

/// Products per statement (two values each): bounded so SQLite's binding stays cheap
/// (`db::support::multi_row::VALUES_PER_INSERT`) and a basket of up to 100 products is one
/// statement.
pub const MOST_PRODUCTS_PER_STATEMENT: usize = 100;

/// A product after its stock was taken: what is left on hand (in thousandths; below 0 when an
/// unchecked take sold more than the server knew of) and whether it is soft-deleted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct Taken {
    pub product_id: i64,
    pub quantity_e3: i64,
    pub deleted: i64,
}

/// `(product id, quantity in thousandths)` once per product, in the order each product first
/// appears, with the quantities of its lines added up.
pub fn per_product(lines: impl IntoIterator<Item = (i64, i64)>) -> Vec<(i64, i64)> {
    let mut sold: Vec<(i64, i64)> = Vec::new();
    for (product_id, quantity_e3) in lines {
        match sold.iter_mut().find(|(id, _)| *id == product_id) {
            Some((_, total)) => *total = total.saturating_add(quantity_e3),
            None => sold.push((product_id, quantity_e3)),
        }
    }
    sold
}

/// Takes each product's quantity out of stock where the shop has at least that much on hand,
/// and answers the products it took from; a product with too little (or not the shop's) is
/// left as it was. The check and the decrement are one statement, so two sales of the last
/// unit cannot both take it. The caller refuses the sale (and rolls back) when one is missing.
/// `with`, the payment's other writes, runs first: on PostgreSQL in the same statement.
pub async fn take_checked(
    db: &mut AnyConnection,
    shop_id: i64,
    sold: &[(i64, i64)],
    now: i64,
    with: WriteBatch,
) -> Result<Vec<Taken>, sqlx::Error> {
    take(db, shop_id, sold, now, Check::OnHand, with).await
}

/// Takes each product's quantity out of stock even below 0, deleted products included (a till
/// sale that already happened); a product the shop does not have is not answered. `with` runs
/// first, as in [`take_checked`].
pub async fn take_unchecked(
    db: &mut AnyConnection,
    shop_id: i64,
    sold: &[(i64, i64)],
    now: i64,
    with: WriteBatch,
) -> Result<Vec<Taken>, sqlx::Error> {
    take(db, shop_id, sold, now, Check::None, with).await
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Check {
    OnHand,
    None,
}

async fn take(
    db: &mut AnyConnection,
    shop_id: i64,
    sold: &[(i64, i64)],
    now: i64,
    check: Check,
    with: WriteBatch,
) -> Result<Vec<Taken>, sqlx::Error> {
    if sold.is_empty() {
        with.run(db).await?;
        return Ok(Vec::new());
    }
    let mut taken = Vec::with_capacity(sold.len());
    // The batch goes with the first statement; the next ones (over 100 products) go alone.
    let mut with = Some(with);
    for chunk in sold.chunks(MOST_PRODUCTS_PER_STATEMENT) {
        let sql = |first| update_sql(chunk.len(), check, first);
        let mut values = vec![Value::Int(shop_id), Value::Int(now)];
        for (product_id, quantity_e3) in chunk {
            values.extend([Value::Int(*product_id), Value::Int(*quantity_e3)]);
        }
        let statement = Answering { sql: &sql, values };
        let rows = with
            .take()
            .unwrap_or_default()
            .run_before(&mut *db, statement)
            .await?;
        for row in &rows {
            taken.push(<Taken as sqlx::FromRow<_>>::from_row(row)?);
        }
    }
    Ok(taken)
}

/// The statement for `count` products, its placeholders numbered from `$first`: `$first` the
/// shop, `$first + 1` the time, then each product's id and quantity. Each placeholder is bound
/// once and may be used twice: both backends number a repeated `$n` as one parameter.
fn update_sql(count: usize, check: Check, first: usize) -> String {
    let (shop, time) = (first, first + 1);
    let mut quantity = String::from("CASE id");
    let mut ids = String::new();
    for product in 0..count {
        let (id, amount) = (first + 2 + 2 * product, first + 3 + 2 * product);
        let _ = write!(quantity, " WHEN ${id} THEN ${amount}");
        let comma = if product == 0 { "" } else { ", " };
        let _ = write!(ids, "{comma}${id}");
    }
    quantity.push_str(" END");
    let on_hand = match check {
        Check::OnHand => format!(" AND quantity_e3 >= {quantity}"),
        Check::None => String::new(),
    };
    format!(
        "UPDATE products SET quantity_e3 = quantity_e3 - {quantity}, updated_at = ${time} \
         WHERE shop_id = ${shop} AND id IN ({ids}){on_hand} RETURNING id AS product_id, \
         quantity_e3, CAST(CASE WHEN deleted_at IS NULL THEN 0 ELSE 1 END AS BIGINT) AS deleted"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_product_sold_on_two_lines_is_taken_once_with_both_quantities() {
        assert_eq!(
            per_product([(7, 1_000), (9, 2_500), (7, 500)]),
            vec![(7, 1_500), (9, 2_500)]
        );
        assert!(per_product([]).is_empty());
    }

    #[test]
    fn every_product_gets_its_own_pair_of_placeholders() {
        assert_eq!(
            update_sql(2, Check::OnHand, 1),
            "UPDATE products SET quantity_e3 = quantity_e3 - \
             CASE id WHEN $3 THEN $4 WHEN $5 THEN $6 END, updated_at = $2 \
             WHERE shop_id = $1 AND id IN ($3, $5) \
             AND quantity_e3 >= CASE id WHEN $3 THEN $4 WHEN $5 THEN $6 END \
             RETURNING id AS product_id, quantity_e3, \
             CAST(CASE WHEN deleted_at IS NULL THEN 0 ELSE 1 END AS BIGINT) AS deleted"
        );
        assert!(!update_sql(1, Check::None, 1).contains(">="));
        assert!(update_sql(1, Check::None, 5).starts_with(
            "UPDATE products SET quantity_e3 = quantity_e3 - CASE id WHEN $7 THEN $8 END, \
             updated_at = $6 WHERE shop_id = $5 AND id IN ($7)"
        ));
    }
}
