//! What is stored, read back as text rows, to show a refused request changed nothing.

use sqlx::AssertSqlSafe;

use crate::support::TestApp;

/// What is stored, row by row (ids and the columns a write changes), for one shop or (`None`)
/// for the whole database. Sessions are counted only: every request refreshes its own.
pub async fn snapshot(app: &TestApp, shop: Option<&str>) -> Vec<String> {
    let of_shop = |column: &str| match shop {
        Some(id) => format!(
            "WHERE {column} = {}",
            id.parse::<i64>().expect("a numeric shop id")
        ),
        None => String::new(),
    };
    let text = |column: &str| format!("COALESCE(CAST({column} AS TEXT), '-')");
    let row = |columns: &[&str]| {
        columns
            .iter()
            .map(|c| text(c))
            .collect::<Vec<_>>()
            .join(" || ':' || ")
    };
    let mut queries = vec![
        format!(
            "SELECT {} FROM shops {} ORDER BY id",
            row(&["id", "updated_at"]),
            of_shop("id")
        ),
        format!(
            "SELECT {} FROM users {} ORDER BY id",
            row(&[
                "id",
                "updated_at",
                "SUBSTR(password_hash, LENGTH(password_hash) - 7)"
            ]),
            of_shop("shop_id")
        ),
    ];
    let tables: [(&str, &[&str]); 16] = [
        ("categories", &["id", "updated_at", "deleted_at"]),
        (
            "products",
            &[
                "id",
                "updated_at",
                "deleted_at",
                "quantity_e3",
                "cost_price_cents",
            ],
        ),
        ("customers", &["id", "updated_at", "deleted_at"]),
        (
            "invoices",
            &[
                "id",
                "updated_at",
                "status",
                "total_amount_cents",
                "redeem_cents",
            ],
        ),
        (
            "invoice_lines",
            &["id", "quantity_e3", "refunded_quantity_e3", "total_cents"],
        ),
        ("loyalty_entries", &["id", "points_cents"]),
        ("refunds", &["id", "amount_cents"]),
        ("sale_flags", &["id", "kind"]),
        ("card_refund_claims", &["invoice_id", "amount_cents"]),
        ("card_checkout_parts", &["invoice_id", "tenders"]),
        ("stock_moves", &["id", "change_e3"]),
        ("stock_counts", &["id", "status", "closed_at"]),
        ("stock_receivings", &["id", "total_cost_cents"]),
        ("shifts", &["id", "status", "closed_at"]),
        ("cash_movements", &["id", "amount_cents"]),
        ("password_reset_tokens", &["token_hash", "used_at"]),
    ];
    for (table, columns) in tables {
        queries.push(format!(
            "SELECT '{table} ' || {} FROM {table} {} ORDER BY 1",
            row(columns),
            of_shop("shop_id")
        ));
    }
    // A count's lines name the shop through their count.
    queries.push(format!(
        "SELECT 'stock_count_lines ' || {} FROM stock_count_lines \
         JOIN stock_counts ON stock_counts.id = stock_count_lines.count_id {} ORDER BY 1",
        row(&[
            "stock_count_lines.count_id",
            "stock_count_lines.product_id",
            "stock_count_lines.expected_e3",
            "stock_count_lines.counted_e3",
        ]),
        of_shop("stock_counts.shop_id")
    ));
    queries.push(
        "SELECT 'grant ' || CAST(user_id AS TEXT) || ' ' || permission FROM user_permissions \
         ORDER BY 1"
            .to_owned(),
    );
    if shop.is_none() {
        queries.push("SELECT 'sessions ' || CAST(COUNT(*) AS TEXT) FROM sessions".to_owned());
    }
    let mut rows = Vec::new();
    for sql in queries {
        let found: Vec<String> = sqlx::query_scalar(AssertSqlSafe(sql))
            .fetch_all(app.db.pool())
            .await
            .unwrap();
        rows.extend(found);
    }
    rows
}
