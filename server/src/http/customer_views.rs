//! The shapes of the customer routes' answers (docs/api-customers.md): `Customer`, and a
//! customer with its invoice summary. Points and amounts are exact JSON numbers.

use rust_decimal::Decimal;
use serde::Serialize;

use crate::db::customers::Customer;
use crate::db::invoices::InvoiceSummary;
use crate::db::support::scaled;
use crate::http::ApiError;
use crate::http::invoice_views::staff_label;
use crate::numbers::decimal;

/// `Customer`: `{_id, customerName, phoneNumber, email, loyalityPoint, pointAmount, createdAt,
/// updatedAt}` (SPEC's spelling `loyalityPoint`), and `walkIn`, true only for the shop's walk-in
/// customer (docs/api-customers.md).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Customer)]
pub struct CustomerView {
    #[serde(rename = "_id")]
    id: String,
    customer_name: String,
    phone_number: String,
    email: String,
    /// The ledger's sum, 2 decimals, negative when the ledger is.
    #[serde(serialize_with = "decimal")]
    loyality_point: Decimal,
    /// What the points are worth in the shop's currency: one point redeems one unit
    /// (pos_core::loyalty), so the same number.
    #[serde(serialize_with = "decimal")]
    point_amount: Decimal,
    created_at: i64,
    updated_at: i64,
    /// Present (true) only for the walk-in customer: every other customer keeps SPEC's shape.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[schema(required = false)]
    walk_in: bool,
    /// The customer's store credit, 2 decimals; present only when above 0, so a customer
    /// without credit keeps SPEC's shape (docs/api-store-credit.md).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "optional_decimal"
    )]
    #[schema(required = false, value_type = Option<f64>)]
    store_credit: Option<Decimal>,
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

impl CustomerView {
    /// `balance_cents` is the sum of the customer's loyalty_entries, as its row carries it (db::customers::loyalty).
    pub fn new(customer: Customer, balance_cents: i64) -> Self {
        let points = scaled::money(balance_cents);
        Self {
            walk_in: customer.is_walk_in(),
            store_credit: (customer.store_credit_cents > 0)
                .then(|| scaled::money(customer.store_credit_cents)),
            id: customer.id.to_string(),
            customer_name: customer.customer_name,
            phone_number: customer.phone_number,
            email: customer.email,
            loyality_point: points,
            point_amount: points,
            created_at: customer.created_at,
            updated_at: customer.updated_at,
        }
    }
}

/// `GET /customer/{id}`: the customer's fields and `invoices`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = CustomerWithInvoices)]
pub struct CustomerDetailView {
    #[serde(flatten)]
    customer: CustomerView,
    invoices: Vec<InvoiceSummaryView>,
}

impl CustomerDetailView {
    pub fn new(customer: CustomerView, invoices: Vec<InvoiceSummary>) -> Result<Self, ApiError> {
        let invoices = invoices
            .into_iter()
            .map(InvoiceSummaryView::new)
            .collect::<Result<_, _>>()?;
        Ok(Self { customer, invoices })
    }
}

/// One invoice of a customer: `{_id, invoiceNumber, createdAt, status, paymentMethod, subTotal,
/// totalDiscount, totalAmount, refundedAmount, staff}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CustomerInvoice)]
pub struct InvoiceSummaryView {
    #[serde(rename = "_id")]
    id: String,
    /// "INV-000042".
    invoice_number: String,
    created_at: i64,
    /// `active`, `saved`, `paid`, `refunded` or `custom`.
    status: String,
    /// `null` when the invoice has no payment recorded.
    payment_method: Option<String>,
    #[serde(serialize_with = "decimal")]
    sub_total: Decimal,
    #[serde(serialize_with = "decimal")]
    total_discount: Decimal,
    #[serde(serialize_with = "decimal")]
    total_amount: Decimal,
    #[serde(serialize_with = "decimal")]
    refunded_amount: Decimal,
    /// Who made the sale, as every invoice answer prints it: `DemoAdmin (admin)`.
    staff: String,
}

impl InvoiceSummaryView {
    fn new(invoice: InvoiceSummary) -> Result<Self, ApiError> {
        // The counter starts at 1, so a stored number that cannot be printed is corrupt data.
        let number = u64::try_from(invoice.invoice_number)
            .map_err(ApiError::internal)
            .and_then(|number| {
                pos_core::ids::format_invoice_number(number).map_err(ApiError::internal)
            })?;
        Ok(Self {
            id: invoice.id.to_string(),
            invoice_number: number,
            created_at: invoice.created_at,
            status: invoice.status,
            payment_method: invoice.payment_method,
            sub_total: scaled::money(invoice.sub_total_cents),
            total_discount: scaled::money(invoice.total_discount_cents),
            total_amount: scaled::money(invoice.total_amount_cents),
            refunded_amount: scaled::money(invoice.refunded_cents),
            staff: staff_label(&invoice.staff_name, &invoice.staff_role),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn customer() -> Customer {
        Customer {
            id: 7,
            shop_id: 1,
            customer_name: "Aisha".into(),
            phone_number: "7771234".into(),
            email: String::new(),
            created_at: 1,
            updated_at: 2,
            walk_in: 0,
            store_credit_cents: 0,
        }
    }

    #[test]
    fn store_credit_shows_only_above_zero() {
        let without = serde_json::to_value(CustomerView::new(customer(), 0)).unwrap();
        assert!(without.get("storeCredit").is_none());
        let holder = Customer {
            store_credit_cents: 1250,
            ..customer()
        };
        let text = serde_json::to_string(&CustomerView::new(holder, 0)).unwrap();
        assert!(
            text.ends_with(r#""updatedAt":2,"storeCredit":12.50}"#),
            "{text}"
        );
    }

    #[test]
    fn a_customer_with_invoices_is_one_flat_object_of_exact_numbers() {
        let invoice = InvoiceSummary {
            id: 3,
            invoice_number: 42,
            created_at: 5,
            status: "paid".into(),
            payment_method: None,
            sub_total_cents: 1050,
            total_discount_cents: 0,
            total_amount_cents: 1000000000,
            refunded_cents: 1,
            staff_name: "Hassan".into(),
            staff_role: "staff".into(),
        };
        let view = CustomerDetailView::new(CustomerView::new(customer(), -250), vec![invoice]);
        let text = serde_json::to_string(&view.unwrap()).unwrap();
        assert_eq!(
            text,
            r#"{"_id":"7","customerName":"Aisha","phoneNumber":"7771234","email":"","loyalityPoint":-2.50,"pointAmount":-2.50,"createdAt":1,"updatedAt":2,"invoices":[{"_id":"3","invoiceNumber":"INV-000042","createdAt":5,"status":"paid","paymentMethod":null,"subTotal":10.50,"totalDiscount":0.00,"totalAmount":10000000.00,"refundedAmount":0.01,"staff":"Hassan (staff)"}]}"#
        );
    }

    #[test]
    fn an_unprintable_invoice_number_is_an_internal_error_not_a_panic() {
        let invoice = InvoiceSummary {
            id: 3,
            invoice_number: 0,
            created_at: 5,
            status: "paid".into(),
            payment_method: None,
            sub_total_cents: 0,
            total_discount_cents: 0,
            total_amount_cents: 0,
            refunded_cents: 0,
            staff_name: String::new(),
            staff_role: String::new(),
        };
        let view = CustomerDetailView::new(CustomerView::new(customer(), 0), vec![invoice]);
        assert!(matches!(view, Err(ApiError::Internal(_))));
    }
}
