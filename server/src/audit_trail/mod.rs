//! The audit trail's rows about money and stock (docs/api-audit.md): each service that makes
//! such a change writes its row here, in the transaction of the change, so a change that rolls
//! back leaves no row and one that commits always has its row. The words are for an operator
//! reading the back office: amounts as the shop's money (`12.50`), products by name, invoices
//! and shifts by their numbers; never a password, hash or token.

pub mod catalog;

use pos_core::dashboard::PaymentMethod;
use rust_decimal::Decimal;
use sqlx::AnyConnection;

use crate::db::audit::{self, AuditEntry, AuditEvent};
use crate::db::invoices::InvoiceLine;
use crate::db::support::scaled;
use crate::service_error::ServiceError;

/// Who did it: the signed-in person, and the till when one did it ('' otherwise).
#[derive(Debug, Clone, Copy)]
pub struct Actor<'a> {
    pub user_id: Option<i64>,
    pub user_name: &'a str,
    pub device_code: &'a str,
}

impl<'a> Actor<'a> {
    /// A person working in the back office or on the web till.
    pub fn person(user_id: i64, user_name: &'a str) -> Self {
        Self {
            user_id: Some(user_id),
            user_name,
            device_code: "",
        }
    }

    /// The same person on the till `device_code`.
    pub fn on_device(self, device_code: &'a str) -> Self {
        Self {
            device_code,
            ..self
        }
    }
}

/// What happened, in the operator's words.
#[derive(Debug, Clone)]
pub struct Happening {
    pub event: AuditEvent,
    pub subject: String,
    pub detail: String,
}

/// Writes `happening` as one row of shop `shop_id` at `at`, in `tx`: the change's transaction.
pub async fn write(
    tx: &mut AnyConnection,
    shop_id: i64,
    by: Actor<'_>,
    at: i64,
    happening: Happening,
) -> Result<(), ServiceError> {
    let entry = AuditEntry {
        at,
        shop_id: Some(shop_id),
        user_id: by.user_id,
        event: happening.event,
        detail: happening.detail,
        ip: None,
        subject: happening.subject,
        user_name: by.user_name.to_owned(),
        device_code: by.device_code.to_owned(),
    };
    audit::record(&mut *tx, &entry).await?;
    Ok(())
}

/// How money taken at the counter was paid, as a row's detail says it: "in cash", "by swipe".
pub fn money_taken_by(method: PaymentMethod) -> &'static str {
    match method {
        PaymentMethod::Cash => "in cash",
        PaymentMethod::InternalDevice => "by swipe",
        PaymentMethod::Digital => "by card",
        PaymentMethod::StoreCredit => "from store credit",
        PaymentMethod::GiftCard => "from a gift card",
    }
}

/// Money as the shop reads it: `12.50`.
pub fn money(amount: Decimal) -> String {
    format!("{:.2}", amount.round_dp(2))
}

/// Money stored in cents.
pub fn cents(amount_cents: i64) -> String {
    money(scaled::money(amount_cents))
}

/// A quantity without trailing zeros: `2`, `0.25`.
pub fn quantity(amount: Decimal) -> String {
    amount.normalize().to_string()
}

/// `2 x Salt at 12.00 = 24.00; 1 x Rice at 3.00 = 3.00`.
pub fn lines_text(lines: &[&InvoiceLine]) -> String {
    lines
        .iter()
        .map(|line| {
            format!(
                "{} x {} at {} = {}",
                quantity(line.quantity),
                line.product_name,
                money(line.price),
                money(line.total)
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// "invoice INV-000012".
pub fn invoice_subject(number_text: &str) -> String {
    format!("invoice {number_text}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_read_as_the_shop_money_and_quantities_without_trailing_zeros() {
        assert_eq!(money(Decimal::new(125, 1)), "12.50");
        assert_eq!(cents(1205), "12.05");
        assert_eq!(cents(-300), "-3.00");
        assert_eq!(quantity(Decimal::new(2000, 3)), "2");
        assert_eq!(quantity(Decimal::new(250, 3)), "0.25");
    }
}
