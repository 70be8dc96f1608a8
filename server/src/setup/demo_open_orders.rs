//! The demo shop's open orders (POS_DEMO=1): carts rung up in the minutes after the history's
//! last sale and saved for later, by the admin and by the staff member for a few customers, so
//! both Open orders screens have something to resume. Each is priced by pos_core as adding its
//! lines prices a cart (sales::pricing) and written with the row writes carts use
//! (db::invoices::rows, db::invoices::lines), numbered from the shop's counter after the history.

use pos_core::pricing::PricedCart;
use rust_decimal::Decimal;
use sqlx::AnyConnection;

use super::demo_sales_plan::{DemoSellers, MINUTE_MS, Random, SaleProduct, choose_lines};
use crate::db::invoices::lines::{LineAmounts, NewLine};
use crate::db::invoices::rows::NewInvoice;
use crate::db::invoices::{self, status};
use crate::sales::pricing::{price, product_cart_line};
use crate::service_error::ServiceError;

/// Who each open order is for (a position in the shop's customers) and whether the staff
/// member rang it up (else the admin), oldest first.
const ORDERS: [(usize, bool); OPEN_ORDERS as usize] =
    [(0, true), (1, false), (2, true), (0, false)];
pub const OPEN_ORDERS: u64 = 4;
const SEED: u64 = 0x0DE7_0A0E;
/// Minutes between one open order and the next.
const MINUTES_APART: i64 = 7;

/// An open order to write.
#[derive(Debug)]
pub struct OpenOrder<'a> {
    pub customer_id: i64,
    pub by_staff: bool,
    /// When it was rung up and saved.
    pub at: i64,
    pub lines: Vec<(&'a SaleProduct, Decimal)>,
    pub cart: PricedCart,
}

/// The open orders, [`MINUTES_APART`] after `since` (the history's last sale) and each other,
/// all before `now`; none without products or customers.
pub fn plan<'a>(
    products: &'a [SaleProduct],
    customers: &[i64],
    since: i64,
    now: i64,
) -> Result<Vec<OpenOrder<'a>>, ServiceError> {
    if products.is_empty() || customers.is_empty() {
        return Ok(Vec::new());
    }
    let mut random = Random::new(SEED);
    let count = ORDERS.len() as i64;
    let mut orders = Vec::with_capacity(ORDERS.len());
    for (index, (customer, by_staff)) in (0_i64..).zip(ORDERS) {
        let lines = choose_lines(&mut random, products);
        let cart_lines: Vec<_> = lines
            .iter()
            .map(|(sold, quantity)| {
                product_cart_line(&sold.product, sold.category_discount_rate, *quantity)
            })
            .collect();
        orders.push(OpenOrder {
            customer_id: customers[customer % customers.len()],
            by_staff,
            at: (since + MINUTES_APART * MINUTE_MS * (index + 1))
                .min(now - MINUTES_APART * MINUTE_MS * (count - index)),
            // The demo's customers are people who collect points (none is the walk-in).
            cart: price(&cart_lines, Decimal::ZERO, true)?,
            lines,
        });
    }
    Ok(orders)
}

/// Writes `orders` in the caller's transaction, each numbered as a new cart is.
pub async fn write(
    tx: &mut AnyConnection,
    shop_id: i64,
    sellers: DemoSellers<'_>,
    orders: &[OpenOrder<'_>],
) -> Result<(), ServiceError> {
    for order in orders {
        let seller = if order.by_staff {
            sellers.staff
        } else {
            sellers.admin
        };
        let invoice = NewInvoice {
            shop_id,
            status: status::SAVED,
            customer_id: Some(order.customer_id),
            staff: seller,
            now: order.at,
            till: None,
            totals: Some(&order.cart),
        };
        let invoice = invoices::rows::insert_invoice(&mut *tx, invoice).await?;
        for ((sold, quantity), priced) in order.lines.iter().zip(&order.cart.lines) {
            let line = NewLine {
                shop_id,
                invoice_id: invoice.id,
                product: &sold.product,
                unit: sold.product.unit,
                quantity: *quantity,
                category_discount_rate: sold.category_discount_rate,
                amounts: LineAmounts::from(priced),
            };
            invoices::lines::insert_line(&mut *tx, line).await?;
        }
    }
    Ok(())
}
