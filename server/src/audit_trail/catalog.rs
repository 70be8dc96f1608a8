//! The audit rows of the catalogue's money: a product's prices and tax (`price-changed`), its
//! discount (`discount-changed`) and its loyalty rate (`loyalty-rate-changed`), old -> new; a
//! new product's values as set; the shop-wide loyalty rate; a custom product rung up at a typed
//! price. A change that leaves these values as they were writes nothing.

use pos_core::catalog::DiscountType;
use rust_decimal::Decimal;
use sqlx::AnyConnection;

use super::{Actor, Happening, money, write};
use crate::db::audit::AuditEvent;
use crate::db::catalog::products::Product;
use crate::service_error::ServiceError;

fn percent(value: Decimal) -> String {
    format!("{}%", value.normalize())
}

fn discount(value: Decimal, kind: DiscountType) -> String {
    match kind {
        DiscountType::Percentage => percent(value),
        DiscountType::Flat => format!("{} off each", money(value)),
    }
}

/// `name old -> new` for each value that changed; the value alone for a new product.
fn changes(parts: &[(&str, String, String)], new: bool) -> Vec<String> {
    parts
        .iter()
        .filter(|(_, old, now)| new || old != now)
        .map(|(name, old, now)| {
            if new {
                format!("{name} {now}")
            } else {
                format!("{name} {old} -> {now}")
            }
        })
        .collect()
}

/// What changed between `before` (none for a new product) and `after`, event by event.
fn happenings(before: Option<&Product>, after: &Product) -> Vec<Happening> {
    let old = before.unwrap_or(after);
    let new = before.is_none();
    let prices = [
        (
            "selling price",
            money(old.selling_price),
            money(after.selling_price),
        ),
        ("cost price", money(old.cost_price), money(after.cost_price)),
        (
            "cost price profit",
            percent(old.cost_price_profit),
            percent(after.cost_price_profit),
        ),
        ("tax", percent(old.product_tax), percent(after.product_tax)),
    ];
    let discounts = [(
        "discount",
        discount(old.discount, old.discount_type),
        discount(after.discount, after.discount_type),
    )];
    let loyalty = [(
        "loyalty rate",
        percent(old.loyalty_rate),
        percent(after.loyalty_rate),
    )];
    let lead = if new { "New product: " } else { "" };
    let mut found = Vec::new();
    for (event, parts, always) in [
        (AuditEvent::PriceChanged, &prices[..], true),
        (AuditEvent::DiscountChanged, &discounts[..], false),
        (AuditEvent::LoyaltyRateChanged, &loyalty[..], false),
    ] {
        // A new product's discount and loyalty rate are worth a row only when set.
        if new && !always && parts.iter().all(|(_, _, now)| now == "0%") {
            continue;
        }
        let listed = changes(parts, new);
        if listed.is_empty() {
            continue;
        }
        found.push(Happening {
            event,
            subject: format!("product {}", after.product_name),
            detail: format!("{lead}{}", listed.join(", ")),
        });
    }
    found
}

/// Writes the rows of a product created (`before` none) or changed, in `tx`, the transaction
/// that wrote it.
pub async fn product_written(
    tx: &mut AnyConnection,
    shop_id: i64,
    by: Actor<'_>,
    before: Option<&Product>,
    after: &Product,
    at: i64,
) -> Result<(), ServiceError> {
    for happening in happenings(before, after) {
        write(&mut *tx, shop_id, by, at, happening).await?;
    }
    Ok(())
}

/// The shop-wide loyalty rate set on `updated` products.
pub async fn loyalty_rate_set(
    tx: &mut AnyConnection,
    shop_id: i64,
    by: Actor<'_>,
    (rate, updated): (Decimal, u64),
    at: i64,
) -> Result<(), ServiceError> {
    let happening = Happening {
        event: AuditEvent::LoyaltyRateChanged,
        subject: "every product".to_owned(),
        detail: format!(
            "Loyalty rate set to {} on {updated} products",
            percent(rate)
        ),
    };
    write(tx, shop_id, by, at, happening).await
}

/// A custom product made at the till with a typed price.
pub async fn custom_product_created(
    tx: &mut AnyConnection,
    shop_id: i64,
    by: Actor<'_>,
    product: &Product,
    at: i64,
) -> Result<(), ServiceError> {
    let happening = Happening {
        event: AuditEvent::CustomProductCreated,
        subject: format!("product {}", product.product_name),
        detail: format!(
            "{} x {} at {}",
            product.quantity.normalize(),
            product.product_name,
            money(product.selling_price)
        ),
    };
    write(tx, shop_id, by, at, happening).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_and_flat_discounts_read_as_an_operator_says_them() {
        assert_eq!(percent(Decimal::new(1250, 2)), "12.5%");
        assert_eq!(
            discount(Decimal::new(150, 2), DiscountType::Flat),
            "1.50 off each"
        );
        let parts = [("tax", "5%".to_owned(), "8%".to_owned())];
        assert_eq!(changes(&parts, false), ["tax 5% -> 8%"]);
        assert_eq!(changes(&parts, true), ["tax 8%"]);
    }
}
