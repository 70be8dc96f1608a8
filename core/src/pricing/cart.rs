//! Cart pricing (`priceCart`) and the cash balance (`cashBalance`).
//!
//! The rules, in the order they are applied to each line (each step rounded half-up to 2
//! decimals, see [`crate::money::round_money`]):
//!
//! 1. **Unit price** (`price`): `sellingPrice` when it is above 0, otherwise `costPrice` marked up
//!    by `costPriceProfit` percent. Cost 80.00 with a 25 % markup sells at `80.00 x 1.25 = 100.00`.
//!    The cost price itself is left alone: it stays the real cost for margin reports.
//! 2. **Gross**: `price x quantity`. 2.5 kg at 3.99 is `9.975 -> 9.98`.
//! 3. **Discount**: the product discount (`percentage` of the gross, or `flat` per unit times the
//!    quantity) plus the category's `discountRate` (always a percentage of the gross). Both are
//!    taken from the gross and added, never compounded, each rounded on its own, and the sum is
//!    capped at the gross so a line is never negative. 10 % + 5 % of 9.98 is `1.00 + 0.50 = 1.50`.
//!    A flat 7.00 per unit on 2 units at 5.00 would be 14.00 off a 10.00 gross: capped to 10.00.
//! 4. **Tax**: `productTax` percent of the line after discount: `(9.98 - 1.50) x 6 % = 0.5088 -> 0.51`.
//! 5. **Total**: `gross - discount + tax = 9.98 - 1.50 + 0.51 = 8.99`.
//! 6. **Loyalty points**: `loyaltyRate` percent of the line after discount and before tax:
//!    `8.48 x 2 % = 0.1696 -> 0.17` points. One point redeems one unit of currency.
//!
//! A custom-product line (`customProduct: true`) is priced at its `sellingPrice` times its
//! quantity and gets no discount, no tax and no points, whatever the other fields say.
//!
//! The cart totals are sums of the rounded lines: `subTotal` (gross), `totalDiscount`,
//! `totalTax`, `pointsEarned`; then `totalAmount = subTotal - totalDiscount + totalTax -
//! redeemAmount`. The redemption may not exceed the amount due (`subTotal - totalDiscount +
//! totalTax`), so `totalAmount` is never negative.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::checks::{self, Field, PERCENT_SCALE, QUANTITY_SCALE, out};
use super::fixed::{self, Cents, TotalCents};
use crate::catalog::{DiscountType, Unit};
use crate::error::{CoreError, CoreResult};

pub use crate::limits::MAX_MARKUP_PERCENT;

/// The message of the error returned for a cart without lines: Pay on an empty cart reads
/// "Cart Empty".
pub const CART_EMPTY: &str = "Cart Empty";

/// One line of a cart as the till holds it: the product's catalogue values and the quantity sold.
///
/// Missing numbers mean 0; a missing `discountType` means `percentage`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CartLineInput {
    /// The product's id (for a custom product, the custom product's id).
    pub product_id: String,
    /// The product's name, copied to the priced line.
    #[serde(default)]
    pub product_name: String,
    /// How many units (or kg, litres, metres) are sold: more than 0, at most 3 decimals, and a
    /// whole number for unit `no`.
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub quantity: Decimal,
    /// The unit of sale: `no`, `kg`, `lt` or `m`.
    pub unit: Unit,
    /// A custom product (SPEC "Custom product"): priced at `sellingPrice`, no discount, tax or points.
    #[serde(default)]
    pub custom_product: bool,
    /// The selling price per unit; 0 means "derive it from the cost price".
    #[serde(default, deserialize_with = "crate::decimal_text::deserialize")]
    pub selling_price: Decimal,
    /// The real cost per unit.
    #[serde(default, deserialize_with = "crate::decimal_text::deserialize")]
    pub cost_price: Decimal,
    /// Markup percent on the cost price (0 to 1000), used only when `sellingPrice` is 0.
    #[serde(default, deserialize_with = "crate::decimal_text::deserialize")]
    pub cost_price_profit: Decimal,
    /// The product discount: a percentage (0 to 100) or a flat amount per unit, see `discountType`.
    #[serde(default, deserialize_with = "crate::decimal_text::deserialize")]
    pub discount: Decimal,
    /// How `discount` is read.
    #[serde(default)]
    pub discount_type: DiscountType,
    /// The product's category `discountRate`, a percentage (0 to 100) of the gross.
    #[serde(default, deserialize_with = "crate::decimal_text::deserialize")]
    pub category_discount_rate: Decimal,
    /// Tax percent (0 to 100) on the line after discount.
    #[serde(default, deserialize_with = "crate::decimal_text::deserialize")]
    pub product_tax: Decimal,
    /// Loyalty points earned, in percent (0 to 100) of the line after discount, before tax.
    #[serde(default, deserialize_with = "crate::decimal_text::deserialize")]
    pub loyalty_rate: Decimal,
}

/// A cart to price: its lines and the loyalty points redeemed against it (default 0).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CartInput {
    /// The lines, in the order the cashier added them.
    pub lines: Vec<CartLineInput>,
    /// Money taken off by redeeming loyalty points: 0 or more, at most 2 decimals, at most the
    /// amount due.
    #[serde(default, deserialize_with = "crate::decimal_text::deserialize")]
    pub redeem_amount: Decimal,
    /// Whether the sale's customer collects loyalty points (default true). A walk-in sale has
    /// nobody to credit them to: every line's `pointsEarned` is then 0, and so is the cart's.
    #[serde(default = "earns_by_default")]
    pub earns_points: bool,
}

fn earns_by_default() -> bool {
    true
}

/// One priced line. Every money field has exactly 2 decimals.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PricedLine {
    pub product_id: String,
    pub product_name: String,
    pub unit: Unit,
    pub custom_product: bool,
    /// The quantity as given, without trailing zeros (`1.500 -> 1.5`).
    #[serde(serialize_with = "crate::decimal_text::serialize")]
    pub quantity: Decimal,
    /// The unit price.
    #[serde(serialize_with = "crate::decimal_text::serialize")]
    pub price: Decimal,
    /// `price x quantity`, rounded.
    #[serde(serialize_with = "crate::decimal_text::serialize")]
    pub gross: Decimal,
    /// Product discount plus category discount, capped at `gross`.
    #[serde(serialize_with = "crate::decimal_text::serialize")]
    pub discount: Decimal,
    /// Tax on `gross - discount`.
    #[serde(serialize_with = "crate::decimal_text::serialize")]
    pub tax: Decimal,
    /// `gross - discount + tax`.
    #[serde(serialize_with = "crate::decimal_text::serialize")]
    pub total: Decimal,
    /// Loyalty points earned on `gross - discount`.
    #[serde(serialize_with = "crate::decimal_text::serialize")]
    pub points_earned: Decimal,
}

/// A priced cart: the lines and the totals, with SPEC's field names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PricedCart {
    pub lines: Vec<PricedLine>,
    /// Sum of the lines' `gross`.
    #[serde(serialize_with = "crate::decimal_text::serialize")]
    pub sub_total: Decimal,
    /// Sum of the lines' `discount`.
    #[serde(serialize_with = "crate::decimal_text::serialize")]
    pub total_discount: Decimal,
    /// Sum of the lines' `tax`.
    #[serde(serialize_with = "crate::decimal_text::serialize")]
    pub total_tax: Decimal,
    /// The redemption taken off, as accepted.
    #[serde(serialize_with = "crate::decimal_text::serialize")]
    pub redeem_amount: Decimal,
    /// `subTotal - totalDiscount + totalTax - redeemAmount`, never negative.
    #[serde(serialize_with = "crate::decimal_text::serialize")]
    pub total_amount: Decimal,
    /// Sum of the lines' `pointsEarned`.
    #[serde(serialize_with = "crate::decimal_text::serialize")]
    pub points_earned: Decimal,
}

impl PricedCart {
    /// What is due before any redemption: `subTotal - totalDiscount + totalTax`.
    pub fn amount_due(&self) -> Decimal {
        out(self.sub_total - self.total_discount + self.total_tax)
    }
}

impl CartInput {
    /// Prices the cart without taking ownership of it (see [`price_cart`]).
    pub fn price(&self) -> CoreResult<PricedCart> {
        if self.lines.is_empty() {
            return Err(CoreError::rule(CART_EMPTY));
        }
        let mut sum = CartSum::new(self.redeem_amount)?;
        let mut lines = Vec::with_capacity(self.lines.len());
        for (index, line) in self.lines.iter().enumerate() {
            let (priced, cents) = price_line_in_cart(index, line, self.earns_points)?;
            sum.totals.add(&cents);
            lines.push(priced);
        }
        let totals = sum.totals()?;
        Ok(PricedCart {
            lines,
            sub_total: totals.sub_total,
            total_discount: totals.total_discount,
            total_tax: totals.total_tax,
            redeem_amount: totals.redeem_amount,
            total_amount: totals.total_amount,
            points_earned: totals.points_earned,
        })
    }
}

impl CartLineInput {
    /// Prices this line as line `index` of a cart (the index only names the field of an error,
    /// `lines[2].quantity`) whose customer earns points or not (`CartInput::earns_points`).
    ///
    /// [`CartInput::price`] prices every line this way and adds them with a [`CartSum`]; a till
    /// that keeps its cart's priced lines between changes does the same with only the changed
    /// lines, and gets the same cart.
    pub fn price_in_cart(&self, index: usize, earns_points: bool) -> CoreResult<PricedCartLine> {
        price_line_in_cart(index, self, earns_points)
            .map(|(line, cents)| PricedCartLine { line, cents })
    }
}

/// A line priced for a cart: a walk-in's lines earn no points. Shared by [`CartInput::price`]
/// (inlined there: the whole-cart loop is the hot path) and [`CartLineInput::price_in_cart`].
#[inline(always)]
fn price_line_in_cart(
    index: usize,
    line: &CartLineInput,
    earns_points: bool,
) -> CoreResult<(PricedLine, LineCents)> {
    let (mut priced, mut cents) = price_line(index, line)?;
    if !earns_points {
        cents.points = Cents::default();
        priced.points_earned = fixed::to_money(cents.points);
    }
    Ok((priced, cents))
}

/// One line priced for a cart, with the exact cents the cart's totals add up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PricedCartLine {
    line: PricedLine,
    cents: LineCents,
}

impl PricedCartLine {
    /// The priced line, as it appears in [`PricedCart::lines`].
    pub fn line(&self) -> &PricedLine {
        &self.line
    }
}

/// A priced cart's totals: [`PricedCart`] without its lines, same names, order and rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CartTotals {
    #[serde(serialize_with = "crate::decimal_text::serialize")]
    pub sub_total: Decimal,
    #[serde(serialize_with = "crate::decimal_text::serialize")]
    pub total_discount: Decimal,
    #[serde(serialize_with = "crate::decimal_text::serialize")]
    pub total_tax: Decimal,
    #[serde(serialize_with = "crate::decimal_text::serialize")]
    pub redeem_amount: Decimal,
    #[serde(serialize_with = "crate::decimal_text::serialize")]
    pub total_amount: Decimal,
    #[serde(serialize_with = "crate::decimal_text::serialize")]
    pub points_earned: Decimal,
}

/// Adds a cart's priced lines, in order, into its totals, taking off the redemption.
#[derive(Debug)]
pub struct CartSum {
    redeem_amount: TotalCents,
    totals: CartCents,
}

impl CartSum {
    /// Starts a cart's sum; the redemption is checked first, before any line, so a cart with a
    /// malformed `redeemAmount` and a malformed line is refused for the redemption.
    pub fn new(redeem_amount: Decimal) -> CoreResult<Self> {
        let redeem_amount = TotalCents::from(fixed::cents(checks::money(
            redeem_amount,
            Field::Top("redeemAmount"),
        )?));
        Ok(CartSum {
            redeem_amount,
            totals: CartCents::default(),
        })
    }

    /// Adds the next line.
    pub fn add(&mut self, line: &PricedCartLine) {
        self.totals.add(&line.cents);
    }

    /// The totals; refuses a redemption above the amount due.
    pub fn totals(self) -> CoreResult<CartTotals> {
        let CartSum {
            redeem_amount,
            totals,
        } = self;
        let amount_due = totals.gross - totals.discount + totals.tax;
        if redeem_amount > amount_due {
            return Err(CoreError::rule(format!(
                "Redeem amount {} exceeds the amount due {}",
                fixed::total_to_money(redeem_amount)?,
                fixed::total_to_money(amount_due)?
            )));
        }
        Ok(CartTotals {
            sub_total: fixed::total_to_money(totals.gross)?,
            total_discount: fixed::total_to_money(totals.discount)?,
            total_tax: fixed::total_to_money(totals.tax)?,
            redeem_amount: fixed::total_to_money(redeem_amount)?,
            total_amount: fixed::total_to_money(amount_due - redeem_amount)?,
            points_earned: fixed::total_to_money(totals.points)?,
        })
    }
}

/// A priced line's amounts in cents.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct LineCents {
    gross: Cents,
    discount: Cents,
    tax: Cents,
    points: Cents,
}

/// The cart's sums of line cents, exact for any number of lines.
#[derive(Debug, Default)]
struct CartCents {
    gross: TotalCents,
    discount: TotalCents,
    tax: TotalCents,
    points: TotalCents,
}

impl CartCents {
    fn add(&mut self, line: &LineCents) {
        self.gross += TotalCents::from(line.gross);
        self.discount += TotalCents::from(line.discount);
        self.tax += TotalCents::from(line.tax);
        self.points += TotalCents::from(line.points);
    }
}

/// Prices a cart (operation `priceCart`).
///
/// Worked example (the README's, also a unit test and a golden fixture):
///
/// | line | input | price | gross | discount | tax | total | points |
/// |---|---|---|---|---|---|---|---|
/// | Rice | 2.5 kg at 3.99, 10 % off, category 5 %, tax 6 %, loyalty 2 % | 3.99 | 9.98 | 1.50 | 0.51 | 8.99 | 0.17 |
/// | Mug | 3 x (cost 4.00 + 50 %), flat 0.50 off per unit | 6.00 | 18.00 | 1.50 | 0.00 | 16.50 | 0.00 |
/// | Gift wrap | custom product, 1 at 2.00 (its tax 10 % is ignored) | 2.00 | 2.00 | 0.00 | 0.00 | 2.00 | 0.00 |
///
/// `subTotal 29.98`, `totalDiscount 3.00`, `totalTax 0.51`, amount due `27.49`; redeeming 5.00
/// leaves `totalAmount 22.49`; `pointsEarned 0.17`.
///
/// Errors: no lines -> Rule "Cart Empty"; a redemption above the amount due -> Rule; a malformed
/// or out-of-range field -> Invalid naming it (`lines[2].quantity`, `redeemAmount`).
pub fn price_cart(input: CartInput) -> CoreResult<PricedCart> {
    input.price()
}

/// The unit price the till charges for a catalogue product (rule 1 above): `sellingPrice` when
/// it is above 0, otherwise `costPrice` marked up by `costPriceProfit` percent, rounded half-up
/// to 2 decimals. Cost 80.00 with a 25 % markup and no selling price: `100.00`.
///
/// Errors: a malformed or out-of-range input -> Invalid naming it (`sellingPrice`, `costPrice`,
/// `costPriceProfit`), with the same checks as a cart line.
pub fn unit_price(
    selling_price: Decimal,
    cost_price: Decimal,
    cost_price_profit: Decimal,
) -> CoreResult<Decimal> {
    let (selling, cost, markup) =
        price_inputs(selling_price, cost_price, cost_price_profit, Field::Top)?;
    Ok(fixed::to_money(unit_price_cents(selling, cost, markup)))
}

/// The checked inputs of the unit price: selling and cost price in cents, and the markup.
#[inline(always)]
fn price_inputs<'a>(
    selling_price: Decimal,
    cost_price: Decimal,
    cost_price_profit: Decimal,
    field: impl Fn(&'a str) -> Field<'a>,
) -> CoreResult<(Cents, Cents, Decimal)> {
    let selling = fixed::cents(checks::money(selling_price, field("sellingPrice"))?);
    let cost = fixed::cents(checks::money(cost_price, field("costPrice"))?);
    let markup = checks::percent(
        cost_price_profit,
        MAX_MARKUP_PERCENT,
        field("costPriceProfit"),
    )?;
    Ok((selling, cost, markup))
}

/// Rule 1 on checked inputs: the selling price, or the cost price marked up.
fn unit_price_cents(selling_price: Cents, cost_price: Cents, markup: Decimal) -> Cents {
    if selling_price > 0 {
        return selling_price;
    }
    let percent = |rate: Decimal| fixed::checked_units(rate, PERCENT_SCALE);
    // 100 % + markup, in units of 0.0001 %.
    fixed::percent_of(cost_price, percent(Decimal::ONE_HUNDRED) + percent(markup))
}

// Inlined into both callers, as `price_inputs` is: out of line, the compiler no longer inlined
// the fixed-point steps into them, and the whole-cart loop took 6 % more instructions.
#[inline(always)]
fn price_line(index: usize, line: &CartLineInput) -> CoreResult<(PricedLine, LineCents)> {
    let field = |name| Field::Item("lines", index, name);
    let hundred = Decimal::ONE_HUNDRED;
    let quantity = checks::quantity(line.quantity, field("quantity"))?;
    if line.unit == Unit::No && !quantity.is_integer() {
        return Err(CoreError::invalid(
            field("quantity").to_string(),
            format!("{} must be a whole number for unit no", field("quantity")),
        ));
    }
    let (selling_price, cost_price, markup) = price_inputs(
        line.selling_price,
        line.cost_price,
        line.cost_price_profit,
        field,
    )?;
    let discount = match line.discount_type {
        DiscountType::Percentage => checks::percent(line.discount, hundred, field("discount"))?,
        DiscountType::Flat => checks::money(line.discount, field("discount"))?,
    };
    let category_rate = checks::percent(
        line.category_discount_rate,
        hundred,
        field("categoryDiscountRate"),
    )?;
    let tax_rate = checks::percent(line.product_tax, hundred, field("productTax"))?;
    let loyalty_rate = checks::percent(line.loyalty_rate, hundred, field("loyaltyRate"))?;

    let quantity_thousandths = fixed::checked_units(quantity, QUANTITY_SCALE);
    let percent = |rate: Decimal| fixed::checked_units(rate, PERCENT_SCALE);
    let amounts = if line.custom_product {
        let gross = fixed::times_quantity(selling_price, quantity_thousandths);
        (
            selling_price,
            LineCents {
                gross,
                ..LineCents::default()
            },
        )
    } else {
        let price = unit_price_cents(selling_price, cost_price, markup);
        let gross = fixed::times_quantity(price, quantity_thousandths);
        let product_discount = match line.discount_type {
            DiscountType::Percentage => fixed::percent_of(gross, percent(discount)),
            DiscountType::Flat => {
                fixed::times_quantity(fixed::cents(discount), quantity_thousandths)
            }
        };
        let category_discount = fixed::percent_of(gross, percent(category_rate));
        let discount = (product_discount + category_discount).min(gross);
        let net = gross - discount;
        let tax = fixed::percent_of(net, percent(tax_rate));
        let points = fixed::percent_of(net, percent(loyalty_rate));
        (
            price,
            LineCents {
                gross,
                discount,
                tax,
                points,
            },
        )
    };
    let (price, cents) = amounts;
    let priced = PricedLine {
        product_id: line.product_id.clone(),
        product_name: line.product_name.clone(),
        unit: line.unit,
        custom_product: line.custom_product,
        quantity,
        price: fixed::to_money(price),
        gross: fixed::to_money(cents.gross),
        discount: fixed::to_money(cents.discount),
        tax: fixed::to_money(cents.tax),
        total: fixed::to_money(cents.gross - cents.discount + cents.tax),
        points_earned: fixed::to_money(cents.points),
    };
    Ok((priced, cents))
}

/// Input of `cashBalance`: what the customer handed over and the invoice's total.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CashBalanceInput {
    pub received: Decimal,
    pub total_amount: Decimal,
}

/// Output of `cashBalance`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CashBalance {
    /// `received - totalAmount`: change to give back, or, when negative, what is still owed.
    pub balance: Decimal,
}

/// The balance shown at the till (operation `cashBalance`: the received amount
/// minus the total). Received 50.00 on 22.49 -> `27.51`; received 20.00 -> `-2.49`
/// (still owed).
pub fn cash_balance(input: CashBalanceInput) -> CoreResult<CashBalance> {
    let received = checks::money(input.received, Field::Top("received"))?;
    let total = checks::money(input.total_amount, Field::Top("totalAmount"))?;
    Ok(CashBalance {
        balance: out(received - total),
    })
}
