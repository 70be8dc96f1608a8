//! The answer shape of every sales route (docs/api-sales.md): `Invoice`, with its lines. One
//! shape for carts, open orders, paid, refunded and custom invoices, so the till, the open-order
//! screen, the invoice list and the receipt read the same fields. Money is exact JSON numbers.
//!
//! A line carries the catalogue values it was priced with (`sellingPrice`, `costPrice`,
//! `discount`, ...) under the names of pos_core's `CartLineInput`, so the browser can price the
//! cart with the same core (WASM) and show exactly what the server charges.

use rust_decimal::Decimal;
use serde::Serialize;

use crate::db::invoices::{Invoice, InvoiceLine};
use crate::db::support::scaled;
use crate::http::ApiError;
use crate::numbers::decimal;
use crate::sales::numbering::{invoice_number_text, receipt_number_text};

/// `Invoice` (an invoice, an open order or a custom invoice).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Invoice)]
pub struct InvoiceView {
    #[serde(rename = "_id")]
    id: String,
    /// `INV-000042`.
    invoice_number: String,
    /// The invoice's UUID: the one its till gave it, or the server's (docs/api-till-sync.md).
    #[serde(rename = "ref")]
    client_ref: String,
    /// The device number its till showed before the server numbered it (`7F3A-0012`); "" when
    /// none.
    provisional_number: String,
    /// `R-000042`: its number among the shop's paid sales, given when it was paid, without
    /// gaps (docs/counter.md, "Invoice and receipt numbers"); `null` while open and on a custom
    /// invoice.
    #[schema(required = true)]
    receipt_number: Option<String>,
    /// `active` (a cart), `saved` (an open order), `paid`, `refunded` (in full or in part) or
    /// `custom`.
    status: String,
    created_at: i64,
    updated_at: i64,
    /// When it was paid (milliseconds since the epoch); `null` while open and on a custom invoice.
    #[schema(required = true)]
    paid_at: Option<i64>,
    /// When it was last refunded (milliseconds since the epoch); `null` until its first refund.
    /// The refunded list is ordered by it.
    #[schema(required = true)]
    refunded_at: Option<i64>,
    /// Who made the invoice, as text: their name and role at the time, `DemoAdmin (admin)`
    /// (the name alone for sales older than roles on invoices whose user is gone).
    staff: String,
    /// The `_id` of the user who made it; `null` once that user was deleted.
    #[schema(required = true)]
    staff_id: Option<String>,
    /// `null` for a custom invoice.
    #[schema(required = true)]
    customer: Option<InvoiceCustomerView>,
    /// Only on a custom invoice whose details were given; `null` otherwise.
    #[schema(required = true)]
    customer_details_custom: Option<CustomDetailsView>,
    products: Vec<LineView>,
    #[serde(serialize_with = "decimal")]
    sub_total: Decimal,
    #[serde(serialize_with = "decimal")]
    total_discount: Decimal,
    #[serde(serialize_with = "decimal")]
    total_tax: Decimal,
    /// Money taken off by redeeming loyalty points.
    #[serde(serialize_with = "decimal")]
    redeem_amount: Decimal,
    /// What is (or was) to be paid: `subTotal - totalDiscount + totalTax - redeemAmount`.
    #[serde(serialize_with = "decimal")]
    total_amount: Decimal,
    #[serde(serialize_with = "decimal")]
    points_earned: Decimal,
    #[serde(serialize_with = "decimal")]
    refunded_amount: Decimal,
    /// `cash`, `internal-device` or `digital` once paid: the method that paid the most of it
    /// (the only one when one method paid it all).
    #[schema(required = true)]
    payment_method: Option<String>,
    /// What each method paid of it and what went back through each, in the order taken
    /// (docs/api-payments.md, "Tenders"); empty until it is paid, and for a sale of 0.
    tenders: Vec<TenderView>,
    /// The cash handed over; `null` when no cash was.
    #[schema(required = true, value_type = Option<f64>)]
    #[serde(serialize_with = "optional_decimal")]
    cash_received: Option<Decimal>,
    /// The change given back.
    #[serde(serialize_with = "decimal")]
    change: Decimal,
    /// What the shop's cash rounding added to the cash taken (negative when it took off); not
    /// part of `totalAmount`.
    #[serde(serialize_with = "decimal")]
    rounding: Decimal,
    /// `null`, `pending`, `failed` or `paid`: the latest card attempt.
    #[schema(required = true)]
    card_status: Option<String>,
}

/// One method's part of a paid sale.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = InvoiceTender)]
struct TenderView {
    /// `cash`, `internal-device`, `digital`, `store-credit` or `gift-card`.
    method: String,
    #[serde(serialize_with = "decimal")]
    amount: Decimal,
    /// What refunds gave back through this method so far.
    #[serde(serialize_with = "decimal")]
    refunded: Decimal,
    /// The number of the gift card a `gift-card` part was paid by (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    card: Option<String>,
}

/// The customer of a sale; `loyalityPoint` (SPEC's spelling) is the current balance when the
/// answer includes it (the cart's redeem box needs it), else absent.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = InvoiceCustomer)]
struct InvoiceCustomerView {
    #[serde(rename = "_id")]
    id: String,
    customer_name: String,
    phone_number: String,
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "optional_decimal"
    )]
    #[schema(nullable = false)]
    loyality_point: Option<Decimal>,
}

/// The customer details typed into a custom invoice.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CustomInvoiceCustomer)]
struct CustomDetailsView {
    user_name: String,
    phone_number: String,
    email: String,
    address: String,
}

/// One invoice line, with pos_core's `CartLineInput` fields and the priced
/// amounts.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = InvoiceLine)]
struct LineView {
    #[serde(rename = "_id")]
    id: String,
    product_id: String,
    product_name: String,
    #[schema(schema_with = schemas::unit)]
    unit: &'static str,
    custom_product: bool,
    #[serde(serialize_with = "decimal")]
    quantity: Decimal,
    #[serde(serialize_with = "decimal")]
    selling_price: Decimal,
    #[serde(serialize_with = "decimal")]
    cost_price: Decimal,
    #[serde(serialize_with = "decimal")]
    cost_price_profit: Decimal,
    /// The product's discount (a percentage or a flat amount per unit, see `discountType`).
    #[serde(serialize_with = "decimal")]
    discount: Decimal,
    #[schema(schema_with = schemas::discount_type)]
    discount_type: &'static str,
    #[serde(serialize_with = "decimal")]
    category_discount_rate: Decimal,
    #[serde(serialize_with = "decimal")]
    product_tax: Decimal,
    #[serde(serialize_with = "decimal")]
    loyalty_rate: Decimal,
    /// Unit price.
    #[serde(serialize_with = "decimal")]
    price: Decimal,
    #[serde(serialize_with = "decimal")]
    gross: Decimal,
    /// The line's discount in money (product and category discounts together).
    #[serde(serialize_with = "decimal")]
    discount_amount: Decimal,
    #[serde(serialize_with = "decimal")]
    tax: Decimal,
    #[serde(serialize_with = "decimal")]
    total: Decimal,
    #[serde(serialize_with = "decimal")]
    points_earned: Decimal,
    #[serde(serialize_with = "decimal")]
    refunded_quantity: Decimal,
}

/// The OpenAPI schemas of fields that serde sees as plain text but that take only some values
/// or shapes (`#[schema(schema_with = ...)]`), for the answers here and the sales bodies.
pub mod schemas {
    use pos_core::catalog::{DiscountType, Unit};
    use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};

    use crate::http::json::LOOKUP_MAX_CHARS;

    fn one_of_strings(values: Vec<&'static str>, description: &str) -> Schema {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(values))
            .description(Some(description))
            .into()
    }

    /// `unit`: `no` (pieces, whole quantities), `kg`, `lt` or `m`.
    pub fn unit() -> Schema {
        one_of_strings(
            Unit::ALL.into_iter().map(Unit::as_str).collect(),
            "The product's unit: no (pieces, whole quantities), kg, lt or m",
        )
    }

    /// `discountType`: how `discount` is read.
    pub fn discount_type() -> Schema {
        one_of_strings(
            [DiscountType::Percentage, DiscountType::Flat]
                .into_iter()
                .map(DiscountType::as_str)
                .collect(),
            "percentage: discount is a percentage; flat: an amount off each unit",
        )
    }

    /// An id or code read with `json::lookup_id`: text of at most `LOOKUP_MAX_CHARS`
    /// characters, or a whole JSON number.
    pub fn text_or_whole_number() -> Schema {
        OneOfBuilder::new()
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .max_length(Some(LOOKUP_MAX_CHARS)),
            )
            .item(ObjectBuilder::new().schema_type(Type::Integer))
            .description(Some("Text, or a whole JSON number"))
            .into()
    }

    /// [`text_or_whole_number`] that may also be `null` (then it counts as absent).
    pub fn optional_text_or_whole_number() -> Schema {
        OneOfBuilder::new()
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .max_length(Some(LOOKUP_MAX_CHARS)),
            )
            .item(ObjectBuilder::new().schema_type(Type::Integer))
            .item(ObjectBuilder::new().schema_type(Type::Null))
            .description(Some(
                "Text, or a whole JSON number; blank or null counts as absent",
            ))
            .into()
    }
}

fn optional_decimal<S: serde::Serializer>(
    value: &Option<Decimal>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(value) => decimal(value, serializer),
        None => serializer.serialize_none(),
    }
}

/// Who made a sale, as SPEC's screens print it: `DemoAdmin (admin)`; the name alone when the
/// role is not known.
pub fn staff_label(name: &str, role: &str) -> String {
    if role.is_empty() {
        name.to_owned()
    } else {
        format!("{name} ({role})")
    }
}

impl InvoiceView {
    /// The answer for `invoice` and its `lines`; `customer_points_cents` is the customer's
    /// loyalty balance when the caller read it (db::customers::loyalty::balance_cents).
    pub fn new(
        invoice: Invoice,
        lines: Vec<InvoiceLine>,
        customer_points_cents: Option<i64>,
    ) -> Result<Self, ApiError> {
        let customer = invoice.customer_id.map(|id| InvoiceCustomerView {
            id: id.to_string(),
            customer_name: invoice.customer_name.clone().unwrap_or_default(),
            phone_number: invoice.customer_phone.clone().unwrap_or_default(),
            loyality_point: customer_points_cents.map(scaled::money),
        });
        // A custom invoice's details are required to have a name once given: until then the
        // screen asks for them ("Add customer details to continue."), so they answer null.
        let has_details = invoice.status == crate::db::invoices::status::CUSTOM
            && !invoice.custom_customer_name.is_empty();
        let customer_details_custom = has_details.then(|| CustomDetailsView {
            user_name: invoice.custom_customer_name.clone(),
            phone_number: invoice.custom_phone_number.clone(),
            email: invoice.custom_email.clone(),
            address: invoice.custom_address.clone(),
        });
        Ok(Self {
            id: invoice.id.to_string(),
            invoice_number: invoice_number_text(invoice.invoice_number)?,
            client_ref: invoice.client_ref,
            provisional_number: invoice.provisional_number,
            receipt_number: invoice
                .receipt_number
                .map(receipt_number_text)
                .transpose()?,
            status: invoice.status,
            created_at: invoice.created_at,
            updated_at: invoice.updated_at,
            paid_at: invoice.paid_at,
            refunded_at: invoice.refunded_at,
            staff: staff_label(&invoice.staff_name, &invoice.staff_role),
            staff_id: invoice.staff_user_id.map(|id| id.to_string()),
            customer,
            customer_details_custom,
            products: lines.into_iter().map(LineView::new).collect(),
            sub_total: scaled::money(invoice.sub_total_cents),
            total_discount: scaled::money(invoice.total_discount_cents),
            total_tax: scaled::money(invoice.total_tax_cents),
            redeem_amount: scaled::money(invoice.redeem_cents),
            total_amount: scaled::money(invoice.total_amount_cents),
            points_earned: scaled::money(invoice.points_earned_cents),
            refunded_amount: scaled::money(invoice.refunded_cents),
            payment_method: invoice.payment_method,
            tenders: invoice
                .tenders
                .iter()
                .map(|tender| TenderView {
                    method: tender.method.clone(),
                    amount: scaled::money(tender.amount_cents),
                    refunded: scaled::money(tender.refunded_cents),
                    card: tender.card.clone(),
                })
                .collect(),
            cash_received: invoice.cash_received_cents.map(scaled::money),
            change: scaled::money(invoice.change_cents),
            rounding: scaled::money(invoice.rounding_cents),
            card_status: invoice.card_status,
        })
    }
}

impl LineView {
    fn new(line: InvoiceLine) -> Self {
        Self {
            id: line.id.to_string(),
            product_id: line.product_id.to_string(),
            product_name: line.product_name,
            unit: line.unit.as_str(),
            custom_product: line.custom_product,
            quantity: line.quantity,
            selling_price: line.selling_price,
            cost_price: line.cost_price,
            cost_price_profit: line.cost_price_profit,
            discount: line.discount,
            discount_type: line.discount_type.as_str(),
            category_discount_rate: line.category_discount_rate,
            product_tax: line.product_tax,
            loyalty_rate: line.loyalty_rate,
            price: line.price,
            gross: line.gross,
            discount_amount: line.discount_amount,
            tax: line.tax,
            total: line.total,
            points_earned: line.points_earned,
            refunded_quantity: line.refunded_quantity,
        }
    }
}
