//! What a Checkout Session for an invoice asks Stripe for: the line items in Stripe's minor
//! units, the pages Stripe sends the customer back to, and the idempotency key. Pure: the
//! route in `card_payments` reads the invoice and calls Stripe.

use axum::http::{HeaderMap, header};
use pos_core::money::to_minor_units;
use rust_decimal::Decimal;
use url::Url;

use crate::db::invoices::{Invoice, InvoiceLine};
use crate::db::support::scaled::money;
use crate::http::ApiError;
use crate::sales::numbering::invoice_number_text;
use crate::stripe::amounts::to_stripe;
use crate::stripe::{CardGateway, CheckoutItem, CheckoutRequest};

/// Stripe takes at most 100 line items in payment mode; a longer invoice is one item.
const MAX_LINE_ITEMS: usize = 100;
/// Where the pages are when neither POS_PUBLIC_URL nor the request says (the default listen).
const DEFAULT_SITE: &str = "http://localhost:8080";

/// What the card pays of `invoice` (`card`: the total, or what the parts taken before it left)
/// in Stripe's minor units of `currency`, or 409 when the currency cannot carry its cents (a
/// zero-decimal currency).
pub fn stripe_amount(invoice: &Invoice, card: Decimal, currency: &str) -> Result<i64, ApiError> {
    let whole_units = || {
        ApiError::Conflict(format!(
            "Stripe charges {} in whole units, and the card's part of {} has cents",
            currency.to_uppercase(),
            invoice_number_text(invoice.invoice_number).unwrap_or_default()
        ))
    };
    let cents = to_minor_units(card).map_err(|_| whole_units())?;
    to_stripe(cents, currency).ok_or_else(whole_units)
}

/// One item per line (quantity 1, amount = the line's total, named "{product} x {quantity}"),
/// so the page lists what is bought and adds up to the invoice total exactly. A redemption
/// cannot be a negative item on Stripe, so a redeemed invoice, one whose lines do not add up to
/// its total, or one with too many lines is a single item "Invoice INV-...". A card paying what
/// parts taken at the counter left (`card` below the total) is one item "Invoice INV-..., the
/// rest after 20.00 paid at the counter".
pub fn items(
    invoice: &Invoice,
    lines: &[InvoiceLine],
    card: Decimal,
    currency: &str,
) -> Result<Vec<CheckoutItem>, ApiError> {
    let total = stripe_amount(invoice, card, currency)?;
    let number = invoice_number_text(invoice.invoice_number)?;
    let paid_before = money(invoice.total_amount_cents) - card;
    if !paid_before.is_zero() {
        return Ok(vec![CheckoutItem {
            name: format!("Invoice {number}, the rest after {paid_before:.2} paid at the counter"),
            amount: total,
        }]);
    }
    let per_line: Option<Vec<CheckoutItem>> = lines
        .iter()
        .map(|line| {
            let cents = to_minor_units(line.total)
                .ok()
                .filter(|cents| *cents >= 0)?;
            Some(CheckoutItem {
                name: format!("{} x {}", line.product_name, line.quantity.normalize()),
                amount: to_stripe(cents, currency)?,
            })
        })
        .collect();
    let single = || {
        Ok(vec![CheckoutItem {
            name: format!("Invoice {number}"),
            amount: total,
        }])
    };
    match per_line {
        Some(items)
            if invoice.redeem_cents == 0
                && items.len() <= MAX_LINE_ITEMS
                && items.iter().map(|item| item.amount).sum::<i64>() == total =>
        {
            Ok(items)
        }
        _ => single(),
    }
}

/// The origin of the web app's pages: POS_PUBLIC_URL when set, else the calling page's Origin
/// (already checked same-origin by the CSRF layer), else the Host the request was sent to.
pub fn site(cards: &CardGateway, headers: &HeaderMap) -> String {
    if let Some(public) = cards.public_url() {
        return public.as_str().trim_end_matches('/').to_owned();
    }
    let text = |name| headers.get(name).and_then(|value| value.to_str().ok());
    if let Some(origin) = text(header::ORIGIN)
        .and_then(|origin| Url::parse(origin).ok())
        .filter(|url| matches!(url.scheme(), "http" | "https"))
    {
        return origin.origin().ascii_serialization();
    }
    match text(header::HOST) {
        Some(host) if Url::parse(&format!("http://{host}")).is_ok() => format!("http://{host}"),
        _ => DEFAULT_SITE.to_owned(),
    }
}

/// The full request for the `card` part of `invoice`. `area` is `admin` or `staff` (the
/// signed-in role's pages). The idempotency key names the invoice, the amount and the attempt:
/// the first attempt is `1`, a later one names the session it replaces, so a double click or a
/// retry of the same attempt gets the same session and a new attempt after a failed one gets a
/// new session.
pub fn request(
    invoice: &Invoice,
    lines: &[InvoiceLine],
    card: Decimal,
    (currency, site, area): (&str, &str, &str),
) -> Result<CheckoutRequest, ApiError> {
    let total = stripe_amount(invoice, card, currency)?;
    let attempt = match &invoice.card_session_id {
        None => "1".to_owned(),
        Some(previous) => format!("after-{previous}"),
    };
    let id = invoice.id;
    Ok(CheckoutRequest {
        invoice_id: id,
        shop_id: invoice.shop_id,
        currency: currency.to_owned(),
        items: items(invoice, lines, card, currency)?,
        success_url: format!("{site}/{area}/payment/success?invoice={id}"),
        cancel_url: format!("{site}/{area}/payment/cancel?invoice={id}"),
        idempotency_key: format!("checkout-{id}-{total}-{attempt}"),
    })
}
