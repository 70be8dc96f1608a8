//! A made-up but plausible sales history, generated sale by sale: how many sales each past day
//! had (growing over the period, busier at the weekend, a little noise), when in the opening
//! hours each was paid, which products and how many, the payment method, an occasional loyalty
//! redemption of points the customer holds at the time (setup::demo_sales_loyalty) and a
//! refund now and then (setup::demo_sales_refunds). Every amount is priced by pos_core
//! (`price_cart`, `redeem_limit`, the refunds' and the ledger's rules), exactly as the till and
//! the refund screen would have priced it, and each sale and refund comes with the loyalty
//! ledger rows paying and refunding write.
//!
//! Deterministic for a given seed and day. Used for the demo shop (setup::demo_sales) and by the
//! dashboard benchmark's seeder (server/examples/dashboard_load), which writes the sales with
//! db::invoices::sales_history.

use pos_core::loyalty::{RedeemLimitInput, redeem_limit, sale_entries_for};
use pos_core::pricing::{CartInput, CartLineInput, PricedCart, price_cart};
use rust_decimal::Decimal;

use super::demo_sales_loyalty::LoyaltyBook;
use super::demo_sales_refunds::{self, RefundCycle};
use crate::db::catalog::products::Product;
use crate::db::invoices::rows::Staff;
use crate::db::invoices::sales_history::{PastInvoice, PastLedgerEntry, PastLine, PastRefund};
use crate::db::invoices::status;
use crate::db::support::scaled::{CENTS, E3, E4, money, to_scaled};
use crate::sales::pricing::product_cart_line;
use crate::service_error::ServiceError;

pub use super::demo_sales_days::{DAY_MS, HistoryPlan, MINUTE_MS, Random, daily_counts};

/// The most points one sale redeems, and the share of its amount due they may cover at most.
const MOST_REDEEMED: i64 = 25;
const REDEEMED_SHARE_DIVISOR: i64 = 10;

/// Sales are paid between 08:00 and 22:00 local time.
const OPENS_MS: i64 = 8 * 60 * MINUTE_MS;
const OPEN_FOR_MS: i64 = 14 * 60 * MINUTE_MS;

/// A product to sell, with its category's discount rate at the time.
#[derive(Debug, Clone)]
pub struct SaleProduct {
    pub product: Product,
    pub category_discount_rate: Decimal,
}

/// Who sold in the demo shop: the admin rang up the history and gave its refunds; both have
/// open orders.
#[derive(Debug, Clone, Copy)]
pub struct DemoSellers<'a> {
    pub admin: Staff<'a>,
    pub staff: Staff<'a>,
}

/// One generated sale: its invoice and lines as its refunds left them, its refunds, and the
/// ledger rows of its customer that paying and refunding wrote, in the order written.
#[derive(Debug, Clone)]
pub struct PastSale {
    pub invoice: PastInvoice,
    pub lines: Vec<PastLine>,
    pub refunds: Vec<PastRefund>,
    pub ledger: Vec<PastLedgerEntry>,
}

/// Generates the plan's sales in the order they were paid.
pub struct SalesHistory<'a> {
    plan: HistoryPlan,
    products: &'a [SaleProduct],
    customers: &'a [i64],
    random: Random,
    counts: std::vec::IntoIter<u64>,
    /// The paid-at times of the day being generated, latest last (popped from the front).
    day_times: std::collections::VecDeque<i64>,
    day_index: i64,
    next_number: i64,
    loyalty: LoyaltyBook,
    refunds: RefundCycle,
}

impl<'a> SalesHistory<'a> {
    /// `products` and `customers` must not be empty.
    pub fn new(plan: HistoryPlan, products: &'a [SaleProduct], customers: &'a [i64]) -> Self {
        let mut random = Random::new(plan.seed);
        let counts = daily_counts(&plan, &mut random).into_iter();
        Self {
            plan,
            products,
            customers,
            random,
            counts,
            day_times: Default::default(),
            day_index: -1,
            next_number: plan.first_number,
            loyalty: LoyaltyBook::default(),
            refunds: RefundCycle::new(plan.refund_every),
        }
    }

    fn next_paid_at(&mut self) -> Option<i64> {
        while self.day_times.is_empty() {
            let count = self.counts.next()?;
            self.day_index += 1;
            let offset = self.plan.utc_offset_minutes * MINUTE_MS;
            let today = (self.plan.now + offset).div_euclid(DAY_MS);
            let day = today - self.plan.days + self.day_index;
            let opens = day * DAY_MS - offset + OPENS_MS;
            let mut times: Vec<i64> = (0..count)
                .map(|_| opens + self.random.below(OPEN_FOR_MS as u64) as i64)
                .collect();
            times.sort_unstable();
            self.day_times = times.into();
        }
        self.day_times.pop_front()
    }

    fn sale(&mut self, paid_at: i64) -> Result<PastSale, ServiceError> {
        let number = self.next_number;
        self.next_number += 1;
        let chosen = choose_lines(&mut self.random, self.products);
        let cart_lines: Vec<CartLineInput> = chosen
            .iter()
            .map(|(sold, quantity)| {
                product_cart_line(&sold.product, sold.category_discount_rate, *quantity)
            })
            .collect();
        let customer = self.customers[self.random.below(self.customers.len() as u64) as usize];
        let cart = self.redeemed(&cart_lines, customer, paid_at)?;
        let method = match self.random.below(100) {
            0..55 => "cash",
            55..85 => "internal-device",
            _ => "digital",
        };
        let mut invoice = PastInvoice {
            invoice_number: number,
            status: status::PAID,
            customer_id: customer,
            payment_method: method,
            sub_total_cents: to_scaled(cart.sub_total, CENTS)?,
            total_discount_cents: to_scaled(cart.total_discount, CENTS)?,
            total_tax_cents: to_scaled(cart.total_tax, CENTS)?,
            redeem_cents: to_scaled(cart.redeem_amount, CENTS)?,
            total_amount_cents: to_scaled(cart.total_amount, CENTS)?,
            refunded_cents: 0,
            points_earned_cents: to_scaled(cart.points_earned, CENTS)?,
            created_at: paid_at - MINUTE_MS * (1 + self.random.below(10) as i64),
            paid_at,
            updated_at: paid_at,
        };
        let mut lines = Vec::with_capacity(chosen.len());
        for (position, ((product, quantity), priced)) in chosen.iter().zip(&cart.lines).enumerate()
        {
            lines.push(past_line(
                number,
                position as i64 + 1,
                product,
                *quantity,
                priced,
            )?);
        }
        // Paying writes the redemption, then the points earned (sales::settle).
        let sale_entries = sale_entries_for(number.to_string(), &cart);
        let mut ledger = self
            .loyalty
            .record(number, customer, &sale_entries, paid_at)?;
        let mut refunds = Vec::new();
        if let Some(returned) = self.refunds.take(&invoice) {
            let now = self.plan.now;
            let given = demo_sales_refunds::refund(
                &mut invoice,
                &mut lines,
                returned,
                &mut self.random,
                now,
            )?;
            for (refund, entries) in given {
                ledger.extend(self.loyalty.record(
                    number,
                    customer,
                    &entries,
                    refund.created_at,
                )?);
                refunds.push(refund);
            }
        }
        Ok(PastSale {
            invoice,
            lines,
            refunds,
            ledger,
        })
    }

    /// The sale priced, with the points its customer redeems on it when it asks to: whole
    /// points, as many as the customer holds when it is paid, at most a tenth of the amount due
    /// and at most 25, within pos_core's `redeem_limit` as paying checks it.
    fn redeemed(
        &mut self,
        cart_lines: &[CartLineInput],
        customer: i64,
        paid_at: i64,
    ) -> Result<PricedCart, ServiceError> {
        let cart = price(cart_lines, Decimal::ZERO)?;
        if self.random.below(1000) >= self.plan.redeemed_per_mille {
            return Ok(cart);
        }
        let balance = money(self.loyalty.balance_at(customer, paid_at));
        let amount_due = cart.amount_due();
        let wanted = (amount_due / Decimal::from(REDEEMED_SHARE_DIVISOR))
            .min(Decimal::from(MOST_REDEEMED))
            .min(balance)
            .floor();
        if wanted < Decimal::ONE {
            return Ok(cart);
        }
        redeem_limit(RedeemLimitInput {
            available_points: balance,
            amount_due,
            requested: wanted,
            earlier_redemption: Decimal::ZERO,
        })?;
        price(cart_lines, wanted)
    }
}

impl Iterator for SalesHistory<'_> {
    type Item = Result<PastSale, ServiceError>;

    fn next(&mut self) -> Option<Self::Item> {
        let paid_at = self.next_paid_at()?;
        Some(self.sale(paid_at))
    }
}

/// 1 to 5 different `products` (fewer lines are likelier; `products` must not be empty), each
/// with a quantity its unit allows.
pub fn choose_lines<'a>(
    random: &mut Random,
    products: &'a [SaleProduct],
) -> Vec<(&'a SaleProduct, Decimal)> {
    let wanted = match random.below(100) {
        0..30 => 1,
        30..60 => 2,
        60..80 => 3,
        80..92 => 4,
        _ => 5,
    }
    .min(products.len());
    let mut chosen: Vec<(&'a SaleProduct, Decimal)> = Vec::with_capacity(wanted);
    while chosen.len() < wanted {
        let product = &products[random.below(products.len() as u64) as usize];
        if chosen
            .iter()
            .any(|(seen, _)| seen.product.id == product.product.id)
        {
            continue;
        }
        let quantity = if product.product.unit.as_str() == "no" {
            Decimal::from([1, 1, 1, 1, 2, 2, 3, 4][random.below(8) as usize])
        } else {
            Decimal::new(250 * (1 + random.below(8) as i64), 3)
        };
        chosen.push((product, quantity));
    }
    chosen
}

fn price(lines: &[CartLineInput], redeem_amount: Decimal) -> Result<PricedCart, ServiceError> {
    Ok(price_cart(CartInput {
        lines: lines.to_vec(),
        redeem_amount,
        earns_points: true,
    })?)
}

fn past_line(
    number: i64,
    position: i64,
    sold: &SaleProduct,
    quantity: Decimal,
    priced: &pos_core::pricing::PricedLine,
) -> Result<PastLine, ServiceError> {
    let product = &sold.product;
    Ok(PastLine {
        invoice_number: number,
        position,
        product_id: product.id,
        product_name: product.product_name.clone(),
        unit: product.unit.as_str(),
        quantity_e3: to_scaled(quantity, E3)?,
        selling_price_cents: to_scaled(product.selling_price, CENTS)?,
        cost_price_cents: to_scaled(product.cost_price, CENTS)?,
        cost_price_profit_e4: to_scaled(product.cost_price_profit, E4)?,
        discount_e4: to_scaled(product.discount, E4)?,
        discount_type: product.discount_type.as_str(),
        category_id: product.category_id,
        category_discount_rate_e4: to_scaled(sold.category_discount_rate, E4)?,
        product_tax_e4: to_scaled(product.product_tax, E4)?,
        loyalty_rate_e4: to_scaled(product.loyalty_rate, E4)?,
        price_cents: to_scaled(priced.price, CENTS)?,
        gross_cents: to_scaled(priced.gross, CENTS)?,
        discount_cents: to_scaled(priced.discount, CENTS)?,
        tax_cents: to_scaled(priced.tax, CENTS)?,
        total_cents: to_scaled(priced.total, CENTS)?,
        points_earned_cents: to_scaled(priced.points_earned, CENTS)?,
        refunded_quantity_e3: 0,
    })
}
