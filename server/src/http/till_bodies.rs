//! The request bodies of the till routes (docs/api-till-sync.md) and their validation into
//! `sales::till_state` / `sales::till_sale` values. Ids may arrive as strings or JSON numbers,
//! numbers as numbers or numeric strings (`NumberInput`); unknown fields (such as a line's
//! `customProduct`, which the product decides) are ignored. Every refusal is a 400 naming the
//! field, and the line (`Line 2: Selling price cannot be negative`).

use std::collections::HashSet;

use pos_core::CoreError;
use pos_core::catalog::{DiscountType, Unit};
use pos_core::limits::{MAX_MARKUP_PERCENT, PERCENT_SCALE};
use pos_core::validation::{self, NumberInput, QuantityRule, label, money_amount, percentage};
use rust_decimal::Decimal;
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use utoipa::openapi::schema::{ObjectBuilder, Schema, SchemaType, Type};

use super::ApiError;
use super::invoice_views::schemas;
use super::json::lookup_id;
use crate::db::support::till_refs::parse_ref;
use crate::sales::open_invoice::LineState;
use crate::sales::settle::PaymentMethod;
use crate::sales::tendering::Tendering;
use crate::sales::till_sale::TillPayment;
use crate::sales::till_state::{CUSTOMER_NOT_FOUND, CustomerName, InvoiceState, PRODUCT_NOT_FOUND};
use pos_core::tender::{GiftCardNumber, MAX_TENDERS, Tender, cash_rounding_step, gift_card_number};

/// The most lines one invoice may have.
pub const MAX_LINES: usize = 500;
pub const BAD_REF: &str = "Invoice ref must be a UUID";
pub const BAD_SHIFT_REF: &str = "Shift ref must be a UUID";

/// `PUT /till/invoices/{ref}`, and `invoice` of the payment: the open invoice, whole.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TillInvoice)]
pub struct InvoiceBody {
    /// The customer's `_id`, or the ref the till gave a customer it added
    /// (`POST /till/customers`). Required.
    #[serde(default, deserialize_with = "optional_text")]
    #[schema(required = true, schema_with = schemas::text_or_whole_number)]
    customer_id: Option<String>,
    #[serde(default)]
    #[schema(schema_with = open_status)]
    status: Option<String>,
    /// The number the till showed before the server numbered it: 4 upper-case hex digits
    /// naming the device, a dash and 4 to 12 digits (`7F3A-0012`); blank when none.
    #[serde(default)]
    #[schema(pattern = r"^\s*([0-9A-F]{4}-[0-9]{4,12})?\s*$")]
    provisional_number: Option<String>,
    /// When the till started it (milliseconds since the epoch), used when this creates the
    /// invoice. Absent: the server's time. Outside the window (not after the arrival plus 5
    /// minutes, not before the shop was created, not more than 7 days before the arrival) the
    /// invoice is dated at its arrival and a `time_out_of_window` flag keeps this time.
    #[serde(default)]
    created_at: Option<NumberInput>,
    /// The money taken off with loyalty points (lowered to the amount due); 0 when absent.
    #[serde(default)]
    redeem_amount: Option<NumberInput>,
    /// The lines as rung up, one per product, at most 500.
    #[serde(default)]
    #[schema(max_items = 500)]
    lines: Vec<LineBody>,
}

/// A line as the till rang it up: the catalogue values it was priced with (pos_core's
/// `CartLineInput`); the server keeps them rather than the catalogue's current ones.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TillInvoiceLine)]
struct LineBody {
    /// The product's `_id`.
    #[serde(deserialize_with = "lookup_id")]
    #[schema(schema_with = schemas::text_or_whole_number)]
    product_id: String,
    /// Above 0, at most 3 decimals, whole for `no`.
    quantity: NumberInput,
    #[schema(max_length = 120)]
    product_name: String,
    #[schema(schema_with = schemas::unit)]
    unit: String,
    selling_price: NumberInput,
    cost_price: NumberInput,
    /// The markup percentage, 0 to 1000.
    cost_price_profit: NumberInput,
    /// A percentage or an amount off each unit, as `discountType` says.
    discount: NumberInput,
    #[schema(schema_with = schemas::discount_type)]
    discount_type: String,
    /// A percentage.
    category_discount_rate: NumberInput,
    /// A percentage.
    product_tax: NumberInput,
    /// A percentage.
    loyalty_rate: NumberInput,
}

/// `POST /till/invoices/{ref}/payment`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TillPayment)]
pub struct PaymentBody {
    /// The whole total by one method; used when `tenders` is absent.
    #[serde(default)]
    #[schema(schema_with = payment_method)]
    method: Option<String>,
    /// The tenders in the order the customer handed them over (1 to 20): a cash amount is
    /// what was handed over, the change worked out by pos_core (docs/api-payments.md,
    /// "Tenders").
    #[serde(default)]
    tenders: Option<Vec<TenderBody>>,
    /// The step the till rounded cash to (0, 0.05, 0.10, 0.25, 0.50 or 1.00). Absent: the
    /// shop's.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    cash_rounding: Option<NumberInput>,
    /// When the till took the payment (milliseconds since the epoch): the sale's time, the day
    /// the dashboard counts it on. Absent: the server's time. Outside the window (as
    /// `createdAt`'s) the sale is dated at the payment's arrival and a `time_out_of_window` flag
    /// keeps this time.
    #[serde(default)]
    paid_at: Option<NumberInput>,
    /// Whether the till took it offline.
    #[serde(default)]
    offline: Option<bool>,
    /// What the till charged; a difference from the server's total is flagged, not refused.
    total_amount: NumberInput,
    invoice: InvoiceBody,
    /// The ref of the shift the till took the payment in (`PUT /till/shifts/{ref}`). Absent:
    /// the open shift of the device its provisional number names, opened by itself when there
    /// is none (docs/api-shifts.md).
    #[serde(default)]
    #[schema(
        pattern = r"^\s*([0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})?\s*$"
    )]
    shift_ref: Option<String>,
}

/// One tender of a till payment.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TillTender)]
pub struct TenderBody {
    #[schema(schema_with = tender_method)]
    method: String,
    /// Money: what the tender paid, or for cash what was handed over.
    #[schema(value_type = String)]
    amount: NumberInput,
    /// The gift card's number, for a `gift-card` tender (a sale takes one card).
    #[serde(default)]
    card: Option<String>,
}

/// A text field that takes one of `values` (`#[schema(schema_with = ...)]`).
fn text_choice(values: &[&'static str], description: &str) -> Schema {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(values.iter().copied()))
        .description(Some(description))
        .into()
}

/// `status` of a till invoice; `null` counts as absent.
fn open_status() -> Schema {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .enum_values(Some([
            Value::from("active"),
            Value::from("saved"),
            Value::from(""),
            Value::Null,
        ]))
        .description(Some(
            "active (a cart; also when absent, blank or null) or saved (an open order)",
        ))
        .into()
}

/// `method` of a till payment.
fn payment_method() -> Schema {
    text_choice(
        &["cash", "internal-device"],
        "cash, or internal-device (the shop's own card terminal)",
    )
}

/// `method` of one tender of a till payment.
fn tender_method() -> Schema {
    text_choice(
        &["cash", "internal-device", "store-credit", "gift-card"],
        "cash, internal-device (the shop's own card terminal), store-credit (the customer's \
         credit with the shop) or gift-card (with the card's number as `card`)",
    )
}

/// An optional text field that may arrive as a JSON number; blank or `null` is absent.
fn optional_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    #[derive(Deserialize)]
    struct Text(#[serde(deserialize_with = "lookup_id")] String);
    let text = Option::<Text>::deserialize(deserializer)?;
    Ok(text
        .map(|Text(text)| text.trim().to_owned())
        .filter(|text| !text.is_empty()))
}

fn bad(message: impl Into<String>) -> ApiError {
    ApiError::BadRequest(message.into())
}

/// The path's ref as stored (lower-case), or 400.
pub fn invoice_ref(raw: &str) -> Result<String, ApiError> {
    parse_ref(raw).ok_or_else(|| bad(BAD_REF))
}

/// An optional ref in a body: absent or blank is none, else a UUID (stored lower-case) or 400
/// `message`.
pub fn optional_ref(text: Option<&str>, message: &str) -> Result<Option<String>, ApiError> {
    match text.map(str::trim).filter(|text| !text.is_empty()) {
        None => Ok(None),
        Some(text) => parse_ref(text).map(Some).ok_or_else(|| bad(message)),
    }
}

/// `7F3A-0012`: 4 upper-case hex digits naming the device, then at least 4 digits.
fn provisional_number(text: &str) -> Result<String, ApiError> {
    let text = text.trim();
    let shaped = match text.split_once('-') {
        Some((device, count)) => {
            device.len() == 4
                && device
                    .chars()
                    .all(|c| c.is_ascii_digit() || ('A'..='F').contains(&c))
                && (4..=12).contains(&count.len())
                && count.chars().all(|c| c.is_ascii_digit())
        }
        None => false,
    };
    if text.is_empty() || shaped {
        Ok(text.to_owned())
    } else {
        Err(bad(
            "Provisional number must be 4 upper-case hex digits, a dash and at least 4 digits (7F3A-0012)",
        ))
    }
}

/// A percentage markup from 0 to 1000 with at most 4 decimals (the catalogue's rule).
fn markup(field: &str, value: Decimal) -> Result<Decimal, CoreError> {
    let value = value.normalize();
    if value < Decimal::ZERO || value > MAX_MARKUP_PERCENT || value.scale() > PERCENT_SCALE {
        return Err(CoreError::invalid(
            field,
            format!(
                "{} must be between 0 and {MAX_MARKUP_PERCENT} with at most {PERCENT_SCALE} decimal places",
                label(field)
            ),
        ));
    }
    Ok(value)
}

impl InvoiceBody {
    pub fn state(self) -> Result<InvoiceState, ApiError> {
        let customer = match self.customer_id {
            None => return Err(bad("Customer id is required")),
            Some(text) => match (text.parse::<i64>(), parse_ref(&text)) {
                (Ok(id), _) => CustomerName::Id(id),
                (Err(_), Some(client_ref)) => CustomerName::Ref(client_ref),
                (Err(_), None) => return Err(ApiError::NotFound(CUSTOMER_NOT_FOUND.to_owned())),
            },
        };
        let status = match self.status.as_deref().map(str::trim) {
            None | Some("") | Some("active") => crate::db::invoices::status::ACTIVE,
            Some("saved") => crate::db::invoices::status::SAVED,
            Some(_) => return Err(bad("Status must be active or saved")),
        };
        let provisional_number =
            provisional_number(self.provisional_number.as_deref().unwrap_or(""))?;
        let created_at = match &self.created_at {
            Some(time) if !time.as_str().trim().is_empty() => Some(time.integer("createdAt")?),
            _ => None,
        };
        let redeem_amount = match &self.redeem_amount {
            Some(amount) if !amount.as_str().trim().is_empty() => {
                money_amount("redeemAmount", amount.decimal("redeemAmount")?)?
            }
            _ => Decimal::ZERO,
        };
        if self.lines.len() > MAX_LINES {
            return Err(bad(format!(
                "An invoice can have at most {MAX_LINES} lines"
            )));
        }
        let mut seen = HashSet::new();
        let mut lines = Vec::with_capacity(self.lines.len());
        for (index, line) in self.lines.into_iter().enumerate() {
            let line = line.state().map_err(|error| line_error(index, error))?;
            if !seen.insert(line.product_id) {
                return Err(bad(format!(
                    "Line {}: product {} is already on another line",
                    index + 1,
                    line.product_id
                )));
            }
            lines.push(line);
        }
        Ok(InvoiceState {
            customer,
            status,
            provisional_number,
            created_at,
            redeem_amount,
            lines,
        })
    }
}

/// A line's 400 names the line; its 404 (unknown product) stays as it is.
fn line_error(index: usize, error: ApiError) -> ApiError {
    match error {
        ApiError::BadRequest(message) => bad(format!("Line {}: {message}", index + 1)),
        other => other,
    }
}

impl LineBody {
    fn state(self) -> Result<LineState, ApiError> {
        let product_id = self
            .product_id
            .trim()
            .parse()
            .map_err(|_| ApiError::NotFound(PRODUCT_NOT_FOUND.to_owned()))?;
        let unit = Unit::parse(self.unit.trim())?;
        let discount_type = DiscountType::parse(self.discount_type.trim())?;
        let quantity = validation::unit_quantity(
            "quantity",
            self.quantity.decimal("quantity")?,
            unit,
            QuantityRule::Positive,
        )?;
        let money = |field: &str, input: &NumberInput| money_amount(field, input.decimal(field)?);
        let rate = |field: &str, input: &NumberInput| percentage(field, input.decimal(field)?);
        let discount = match discount_type {
            DiscountType::Percentage => rate("discount", &self.discount)?,
            DiscountType::Flat => money("discount", &self.discount)?,
        };
        Ok(LineState {
            product_id,
            quantity,
            product_name: validation::product_name(&self.product_name)?,
            unit,
            selling_price: money("sellingPrice", &self.selling_price)?,
            cost_price: money("costPrice", &self.cost_price)?,
            cost_price_profit: markup(
                "costPriceProfit",
                self.cost_price_profit.decimal("costPriceProfit")?,
            )?,
            discount,
            discount_type,
            category_discount_rate: rate("categoryDiscountRate", &self.category_discount_rate)?,
            product_tax: rate("productTax", &self.product_tax)?,
            loyalty_rate: rate("loyaltyRate", &self.loyalty_rate)?,
        })
    }
}

impl PaymentBody {
    pub fn payment(self) -> Result<TillPayment, ApiError> {
        let tendering = match (&self.tenders, &self.method) {
            (Some(tenders), _) => tendering_parts(tenders, self.cash_rounding.as_ref())?,
            (None, Some(method)) => Tendering::Whole(till_method(method)?),
            (None, None) => return Err(bad("Method must be cash or internal-device")),
        };
        let paid_at = match &self.paid_at {
            Some(time) if !time.as_str().trim().is_empty() => Some(time.integer("paidAt")?),
            _ => None,
        };
        let total_amount = money_amount("totalAmount", self.total_amount.decimal("totalAmount")?)?;
        Ok(TillPayment {
            tendering,
            paid_at,
            offline: self.offline.unwrap_or(false),
            total_amount,
            invoice: self.invoice.state()?,
            shift_ref: optional_ref(self.shift_ref.as_deref(), BAD_SHIFT_REF)?,
        })
    }
}

/// A payment's `tenders` and the `cashRounding` step they were taken with (absent or blank: the
/// shop's).
pub(super) fn tendering_parts(
    tenders: &[TenderBody],
    cash_rounding: Option<&NumberInput>,
) -> Result<Tendering, ApiError> {
    Ok(Tendering::Parts {
        tenders: till_tenders(tenders)?,
        gift_card: gift_card_of(tenders)?,
        cash_rounding: match cash_rounding {
            Some(step) if !step.as_str().trim().is_empty() => Some(
                cash_rounding_step(step.decimal("cashRounding")?)
                    .map_err(|error| bad(error.message()))?,
            ),
            _ => None,
        },
    })
}

/// Cash or swipe: card checkout needs the server.
fn till_method(method: &str) -> Result<PaymentMethod, ApiError> {
    match method.trim() {
        "cash" => Ok(PaymentMethod::Cash),
        "internal-device" => Ok(PaymentMethod::InternalDevice),
        _ => Err(bad("Method must be cash or internal-device")),
    }
}

fn till_tenders(tenders: &[TenderBody]) -> Result<Vec<Tender>, ApiError> {
    if tenders.is_empty() {
        return Err(bad("A payment needs at least one tender"));
    }
    if tenders.len() > MAX_TENDERS {
        return Err(bad(format!(
            "A sale can be paid in at most {MAX_TENDERS} parts"
        )));
    }
    tenders
        .iter()
        .enumerate()
        .map(|(index, tender)| {
            let field = format!("Tender {}: amount", index + 1);
            let amount = tender.amount.decimal(&field)?;
            let method = match tender.method.trim() {
                "store-credit" => PaymentMethod::StoreCredit,
                "gift-card" => PaymentMethod::GiftCard,
                other => till_method(other).map_err(|_| {
                    bad(format!(
                        "Tender {}: method must be cash, internal-device, store-credit or \
                         gift-card",
                        index + 1
                    ))
                })?,
            };
            Ok(Tender {
                method,
                amount: money_amount(&field, amount)?,
            })
        })
        .collect()
}

/// The one gift card the gift-card tenders name, as pos_core reads numbers; `None` without a
/// gift-card tender.
fn gift_card_of(tenders: &[TenderBody]) -> Result<Option<String>, ApiError> {
    let mut card: Option<String> = None;
    for (index, tender) in tenders.iter().enumerate() {
        if tender.method.trim() != PaymentMethod::GiftCard.as_str() {
            continue;
        }
        let typed = tender.card.as_deref().unwrap_or_default();
        if typed.trim().is_empty() {
            return Err(bad(format!(
                "Tender {}: card is required for a gift card",
                index + 1
            )));
        }
        let number = gift_card_number(GiftCardNumber {
            number: typed.to_owned(),
        })
        .map_err(|error| bad(format!("Tender {}: {}", index + 1, error.message())))?
        .number;
        match &card {
            Some(first) if *first != number => {
                return Err(bad(format!(
                    "A sale is paid by one gift card: {first} and {number} were given"
                )));
            }
            _ => card = Some(number),
        }
    }
    Ok(card)
}
