//! An open invoice (a cart or an open order) changed as a whole: the one write both ways of
//! ringing up a sale go through (docs/ARCHITECTURE.md, "A sale's path"). SPEC's cart routes
//! turn each edit into the invoice's next state (`sales::cart_edits`); a till sends its state
//! whole (`sales::till_state`). The state is priced by pos_core, a redemption above the amount
//! due lowered to it, and written over the stored one (`db::invoices::writes::replace_lines`
//! writes only the lines that changed).

use pos_core::catalog::{DiscountType, Unit};
use pos_core::pricing::{CartLineInput, PricedCart, PricedLine};
use rust_decimal::Decimal;
use sqlx::AnyConnection;

use super::pricing::price_lowering_redemption;
use crate::db::invoices::writes::{LineValues, OpenState};
use crate::db::invoices::{self, InvoiceLine, ShopInvoice};
use crate::service_error::ServiceError;

/// One line as it was rung up: the product, the quantity and the catalogue values it is sold
/// at (a till's are validated by `http::till_bodies`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineState {
    pub product_id: i64,
    pub quantity: Decimal,
    pub product_name: String,
    pub unit: Unit,
    pub selling_price: Decimal,
    pub cost_price: Decimal,
    pub cost_price_profit: Decimal,
    pub discount: Decimal,
    pub discount_type: DiscountType,
    pub category_discount_rate: Decimal,
    pub product_tax: Decimal,
    pub loyalty_rate: Decimal,
}

/// One line of an open invoice: the values it is sold at, and what the catalogue says of its
/// product (a custom product has no stock; sales are counted per category).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenLine {
    pub sold: LineState,
    pub custom_product: bool,
    pub category_id: Option<i64>,
}

impl OpenLine {
    /// The line as it is stored.
    pub fn of(line: &InvoiceLine) -> Self {
        Self {
            sold: LineState {
                product_id: line.product_id,
                quantity: line.quantity,
                product_name: line.product_name.clone(),
                unit: line.unit,
                selling_price: line.selling_price,
                cost_price: line.cost_price,
                cost_price_profit: line.cost_price_profit,
                discount: line.discount,
                discount_type: line.discount_type,
                category_discount_rate: line.category_discount_rate,
                product_tax: line.product_tax,
                loyalty_rate: line.loyalty_rate,
            },
            custom_product: line.custom_product,
            category_id: line.category_id,
        }
    }

    /// pos_core's view of the line: the same values `sales::pricing::cart_line` reads back once
    /// it is stored (`db::invoices::writes` refuses a value with more decimals than its column
    /// keeps, so nothing is rounded between the two).
    pub fn cart_line(&self) -> CartLineInput {
        let sold = &self.sold;
        CartLineInput {
            product_id: sold.product_id.to_string(),
            product_name: sold.product_name.clone(),
            quantity: sold.quantity,
            unit: sold.unit,
            custom_product: self.custom_product,
            selling_price: sold.selling_price,
            cost_price: sold.cost_price,
            cost_price_profit: sold.cost_price_profit,
            discount: sold.discount,
            discount_type: sold.discount_type,
            category_discount_rate: sold.category_discount_rate,
            product_tax: sold.product_tax,
            loyalty_rate: sold.loyalty_rate,
        }
    }

    fn values(&self) -> LineValues<'_> {
        let sold = &self.sold;
        LineValues {
            product_id: sold.product_id,
            custom_product: self.custom_product,
            product_name: &sold.product_name,
            unit: sold.unit.as_str(),
            quantity: sold.quantity,
            selling_price: sold.selling_price,
            cost_price: sold.cost_price,
            cost_price_profit: sold.cost_price_profit,
            discount: sold.discount,
            discount_type: sold.discount_type.as_str(),
            category_id: self.category_id,
            category_discount_rate: sold.category_discount_rate,
            product_tax: sold.product_tax,
            loyalty_rate: sold.loyalty_rate,
        }
    }
}

/// An open invoice as a whole: what its row says and its lines (at most one per product).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenInvoice {
    pub customer_id: Option<i64>,
    /// False for the walk-in customer (`Invoice::earns_points`).
    pub earns_points: bool,
    /// `active` or `saved`.
    pub status: &'static str,
    pub provisional_number: String,
    pub redeem_amount: Decimal,
    pub lines: Vec<OpenLine>,
}

impl OpenInvoice {
    /// What pos_core prices it at, the redemption lowered to the amount due when the lines
    /// come to less.
    pub fn price(&self) -> Result<PricedCart, ServiceError> {
        let cart: Vec<_> = self.lines.iter().map(OpenLine::cart_line).collect();
        let priced = price_lowering_redemption(&cart, self.redeem_amount, self.earns_points)?;
        if priced.lines.len() != self.lines.len() {
            return Err(ServiceError::invariant(
                "pos_core priced another number of lines",
            ));
        }
        Ok(priced)
    }

    /// Each line's values with what `priced` (from [`Self::price`]) says it comes to.
    pub fn priced_lines<'a>(
        &'a self,
        priced: &'a PricedCart,
    ) -> Vec<(LineValues<'a>, &'a PricedLine)> {
        self.lines
            .iter()
            .map(OpenLine::values)
            .zip(&priced.lines)
            .collect()
    }

    fn open_state(&self) -> OpenState<'_> {
        OpenState {
            customer_id: self.customer_id,
            status: self.status,
            provisional_number: &self.provisional_number,
        }
    }
}

/// The invoice as [`replace`] left it: its lines as stored and what it was priced at.
#[derive(Debug)]
pub struct Replaced {
    pub lines: Vec<InvoiceLine>,
    pub priced: PricedCart,
}

/// Writes `next` over the shop's open invoice `id`, locked in the caller's transaction, whose
/// lines are `stored`, changed at `now`.
pub async fn replace(
    tx: &mut AnyConnection,
    shop_id: i64,
    id: i64,
    next: &OpenInvoice,
    stored: &[InvoiceLine],
    now: i64,
) -> Result<Replaced, ServiceError> {
    let priced = next.price()?;
    let open = next.open_state();
    let invoice = ShopInvoice {
        shop_id,
        invoice_id: id,
    };
    if !invoices::writes::replace_open(&mut *tx, invoice, open, &priced, now).await? {
        return Err(ServiceError::invariant("a locked open invoice is not open"));
    }
    let rows = next.priced_lines(&priced);
    let lines = invoices::writes::replace_lines(&mut *tx, invoice, stored, &rows).await?;
    Ok(Replaced { lines, priced })
}
