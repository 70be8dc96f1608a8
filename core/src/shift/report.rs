//! The X and Z report: the shift's totals, per payment method, and the cash the drawer should
//! hold against what was counted.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::cents::{Cents, amount_of, cents_of};
use super::count::{CountedDenomination, counted};
use super::input::{CashMovement, MovementKind, ShiftInput, ShiftRefund, ShiftSale};
use crate::dashboard::PaymentMethod;
use crate::error::{CoreError, CoreResult};
use crate::pricing::checks::{self, Field};
use crate::tender::Tender;

/// Longest reason of a pay in or pay out, in characters (a line or two of a receipt).
pub const REASON_MAX_CHARS: usize = 200;

/// Output of `shiftReport`. Money is 2-decimal text; `countedCash`, `difference` and
/// `denominations` are null until the drawer is counted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShiftReport {
    pub sales_count: u64,
    pub refunds_count: u64,
    /// Sum of the sales' `subTotal`.
    pub gross_sales: Decimal,
    /// Sum of `totalDiscount`.
    pub discounts: Decimal,
    /// Sum of `redeemAmount`: paid with loyalty points, not money.
    pub redemptions: Decimal,
    /// Sum of `totalTax`.
    pub tax: Decimal,
    /// Sum of `totalAmount`: `grossSales - discounts + tax - redemptions`.
    pub net_sales: Decimal,
    /// Sum of the refunds paid out.
    pub refunds: Decimal,
    /// What cash rounding added to the cash sales in all (negative when it took off more).
    pub cash_rounding: Decimal,
    /// Cash, internal-device, digital: always all three, in that order.
    pub by_method: Vec<MethodTotals>,
    pub pay_ins: Decimal,
    pub pay_outs: Decimal,
    pub opening_float: Decimal,
    /// `openingFloat + cash sales + cashRounding - cash refunds + payIns - payOuts`. May be
    /// negative.
    pub expected_cash: Decimal,
    pub counted_cash: Option<Decimal>,
    /// `countedCash - expectedCash`: negative when the drawer is short, positive when over.
    pub difference: Option<Decimal>,
    /// The count's lines, when it was counted by denomination.
    pub denominations: Option<Vec<CountedDenomination>>,
}

/// One payment method's share of the shift.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MethodTotals {
    pub payment_method: PaymentMethod,
    /// The sales this method paid (all or part of).
    pub sales_count: u64,
    pub refunds_count: u64,
    /// What this method paid of the sales.
    pub sales: Decimal,
    pub refunds: Decimal,
    /// `sales - refunds`.
    pub net: Decimal,
}

/// The running sums, in cents, indexed by method where they are per method.
#[derive(Default)]
struct Sums {
    sales_total_count: u64,
    refunds_total_count: u64,
    rounding: Cents,
    gross: Cents,
    discounts: Cents,
    redemptions: Cents,
    tax: Cents,
    sales_count: [u64; METHODS],
    sales: [Cents; METHODS],
    refunds_count: [u64; METHODS],
    refunds: [Cents; METHODS],
    pay_ins: Cents,
    pay_outs: Cents,
}

/// How many payment methods a report sums.
const METHODS: usize = PaymentMethod::ALL.len();

fn method_index(method: PaymentMethod) -> usize {
    method.index()
}

/// Reports a shift (operation `shiftReport`): the X report while it is open (no `counted`), the
/// Z report once the drawer is counted.
///
/// Float 100.00; a cash sale of 20.00 and a card sale of 30.00; a cash refund of 5.00; 10.00
/// paid out: `netSales 50.00`, `refunds 5.00`, `expectedCash 100 + 20 - 5 - 10 = 105.00`.
/// Counted 104.50: `difference -0.50` (short).
///
/// Refused: a negative float ("Opening float must not be negative"), a sale's amount negative
/// or with more than 2 decimals, a sale whose total does not add up (subtotal less discount,
/// plus tax, less redemption), the same invoice sold twice, a refund, pay in or pay out of 0 or
/// less ("Pay out amount must be greater than 0"), a movement without a reason, and a count
/// that is not a total or whole numbers of positive denominations.
pub fn shift_report(input: ShiftInput) -> CoreResult<ShiftReport> {
    input.report()
}

impl ShiftInput {
    /// [`shift_report`] on a borrowed input (the benchmark reports one shift many times).
    pub fn report(&self) -> CoreResult<ShiftReport> {
        report(self)
    }
}

fn report(input: &ShiftInput) -> CoreResult<ShiftReport> {
    let opening_float = opening_float(input.opening_float)?;
    let mut sums = Sums::default();
    for (index, sale) in input.sales.iter().enumerate() {
        add_sale(&mut sums, sale, index)?;
    }
    no_sale_twice(&input.sales)?;
    for (index, refund) in input.refunds.iter().enumerate() {
        add_refund(&mut sums, refund, index)?;
    }
    for (index, movement) in input.movements.iter().enumerate() {
        add_movement(&mut sums, movement, index)?;
    }
    let count = input.counted.as_ref().map(counted).transpose()?;

    let cash = method_index(PaymentMethod::Cash);
    let expected = opening_float + sums.sales[cash] + sums.rounding - sums.refunds[cash]
        + sums.pay_ins
        - sums.pay_outs;
    // Store credit is listed once the shift took or gave back some.
    let by_method = PaymentMethod::ALL
        .iter()
        .filter(|method| {
            let i = method_index(**method);
            method.always_listed() || sums.sales_count[i] + sums.refunds_count[i] > 0
        })
        .map(|&method| {
            let i = method_index(method);
            Ok(MethodTotals {
                payment_method: method,
                sales_count: sums.sales_count[i],
                refunds_count: sums.refunds_count[i],
                sales: amount_of(sums.sales[i])?,
                refunds: amount_of(sums.refunds[i])?,
                net: amount_of(sums.sales[i] - sums.refunds[i])?,
            })
        })
        .collect::<CoreResult<Vec<_>>>()?;
    let (counted_cash, difference, denominations) = match count {
        Some(count) => (
            Some(amount_of(count.cents)?),
            Some(amount_of(count.cents - expected)?),
            count.lines,
        ),
        None => (None, None, None),
    };
    Ok(ShiftReport {
        sales_count: sums.sales_total_count,
        refunds_count: sums.refunds_total_count,
        gross_sales: amount_of(sums.gross)?,
        discounts: amount_of(sums.discounts)?,
        redemptions: amount_of(sums.redemptions)?,
        tax: amount_of(sums.tax)?,
        net_sales: amount_of(sums.sales.iter().sum())?,
        refunds: amount_of(sums.refunds.iter().sum())?,
        cash_rounding: amount_of(sums.rounding)?,
        by_method,
        pay_ins: amount_of(sums.pay_ins)?,
        pay_outs: amount_of(sums.pay_outs)?,
        opening_float: amount_of(opening_float)?,
        expected_cash: amount_of(expected)?,
        counted_cash,
        difference,
        denominations,
    })
}

fn is_negative(value: Decimal) -> bool {
    value.is_sign_negative() && !value.is_zero()
}

fn opening_float(value: Decimal) -> CoreResult<Cents> {
    let field = Field::Top("openingFloat");
    let value = checks::signed_money(value, field)?;
    if is_negative(value) {
        return Err(CoreError::invalid(
            "openingFloat",
            "Opening float must not be negative",
        ));
    }
    Ok(cents_of(value))
}

/// A money amount above 0 (a refund or a movement): `message` when it is 0 or less.
fn positive(value: Decimal, field: Field<'_>, message: &str) -> CoreResult<Cents> {
    let value = checks::signed_money(value, field)?;
    if value.is_sign_negative() || value.is_zero() {
        return Err(CoreError::invalid(field.to_string(), message));
    }
    Ok(cents_of(value))
}

fn invoice_id(id: &str, field: Field<'_>) -> CoreResult<()> {
    if id.trim().is_empty() {
        return Err(CoreError::invalid(
            field.to_string(),
            "Invoice id is required",
        ));
    }
    Ok(())
}

fn add_sale(sums: &mut Sums, sale: &ShiftSale, index: usize) -> CoreResult<()> {
    invoice_id(&sale.invoice_id, Field::Item("sales", index, "invoiceId"))?;
    let money = |value, name| checks::money(value, Field::Item("sales", index, name)).map(cents_of);
    let sub_total = money(sale.sub_total, "subTotal")?;
    let discount = money(sale.total_discount, "totalDiscount")?;
    let tax = money(sale.total_tax, "totalTax")?;
    let redeemed = money(sale.redeem_amount, "redeemAmount")?;
    let total = money(sale.total_amount, "totalAmount")?;
    // The report's lines must add up: gross - discounts + tax - redemptions = net sales.
    let priced = sub_total - discount + tax - redeemed;
    if total != priced {
        return Err(CoreError::rule(format!(
            "Sale {}: total {} is not subtotal - discount + tax - redemption ({})",
            sale.invoice_id.trim(),
            amount_of(total)?,
            amount_of(priced)?
        )));
    }
    let rounding = checks::signed_money(sale.rounding, Field::Item("sales", index, "rounding"))?;
    let what = || format!("Sale {}", sale.invoice_id.trim());
    let mut counted = [false; METHODS];
    for_each_part(
        sale.payment_method,
        &sale.tenders,
        total,
        ("sales", index),
        what,
        |method, cents| {
            let i = method_index(method);
            sums.sales[i] += cents;
            if !counted[i] {
                counted[i] = true;
                sums.sales_count[i] += 1;
            }
        },
    )?;
    sums.gross += sub_total;
    sums.discounts += discount;
    sums.tax += tax;
    sums.redemptions += redeemed;
    sums.rounding += cents_of(rounding);
    sums.sales_total_count += 1;
    Ok(())
}

/// A sale counted twice would be reported twice: refuse it. Sorting references costs no copy
/// of the ids; the smallest duplicate id is named, so the message does not depend on order.
fn no_sale_twice(sales: &[ShiftSale]) -> CoreResult<()> {
    let mut ids: Vec<&str> = sales.iter().map(|sale| sale.invoice_id.trim()).collect();
    ids.sort_unstable();
    match ids.windows(2).find(|pair| pair[0] == pair[1]) {
        Some(pair) => Err(CoreError::rule(format!(
            "Sale {} is in the shift twice",
            pair[0]
        ))),
        None => Ok(()),
    }
}

fn add_refund(sums: &mut Sums, refund: &ShiftRefund, index: usize) -> CoreResult<()> {
    invoice_id(
        &refund.invoice_id,
        Field::Item("refunds", index, "invoiceId"),
    )?;
    let amount = positive(
        refund.amount,
        Field::Item("refunds", index, "amount"),
        "Refund amount must be greater than 0",
    )?;
    let what = || format!("Refund of sale {}", refund.invoice_id.trim());
    let mut counted = [false; METHODS];
    for_each_part(
        refund.payment_method,
        &refund.tenders,
        amount,
        ("refunds", index),
        what,
        |method, cents| {
            let i = method_index(method);
            sums.refunds[i] += cents;
            if !counted[i] {
                counted[i] = true;
                sums.refunds_count[i] += 1;
            }
        },
    )?;
    sums.refunds_total_count += 1;
    Ok(())
}

/// Hands each method's part of a sale or refund of `total` cents to `add`: the whole of it to
/// `method`, or each of `tenders`, which must add up to it. Exactly one of the two is given.
fn for_each_part(
    method: Option<PaymentMethod>,
    tenders: &[Tender],
    total: Cents,
    (list, index): (&str, usize),
    what: impl Fn() -> String,
    mut add: impl FnMut(PaymentMethod, Cents),
) -> CoreResult<()> {
    match (method, tenders.is_empty()) {
        (Some(method), true) => {
            add(method, total);
            Ok(())
        }
        (None, false) => {
            let mut sum: Cents = 0;
            for (part, tender) in tenders.iter().enumerate() {
                let field = Field::Item(list, index, "tenders");
                let amount = checks::money(tender.amount, field)
                    .map_err(|_| {
                        CoreError::invalid(
                            format!("{list}[{index}].tenders[{part}].amount"),
                            format!("{}: a tender's amount must be money, 0 or more", what()),
                        )
                    })
                    .map(cents_of)?;
                sum += amount;
                add(tender.method, amount);
            }
            if sum != total {
                return Err(CoreError::rule(format!(
                    "{}: its tenders add up to {}, not its {}",
                    what(),
                    amount_of(sum)?,
                    amount_of(total)?
                )));
            }
            Ok(())
        }
        _ => Err(CoreError::invalid(
            format!("{list}[{index}].paymentMethod"),
            format!("{}: give either its payment method or its tenders", what()),
        )),
    }
}

fn add_movement(sums: &mut Sums, movement: &CashMovement, index: usize) -> CoreResult<()> {
    let words = movement.kind.words();
    let amount = positive(
        movement.amount,
        Field::Item("movements", index, "amount"),
        &format!("{words} amount must be greater than 0"),
    )?;
    let reason_field = || Field::Item("movements", index, "reason").to_string();
    let reason = movement.reason.trim();
    if reason.is_empty() {
        return Err(CoreError::invalid(
            reason_field(),
            format!("{words} needs a reason"),
        ));
    }
    if reason.chars().any(char::is_control) {
        return Err(CoreError::invalid(
            reason_field(),
            format!("{words} reason cannot contain line breaks or control characters"),
        ));
    }
    if reason.chars().count() > REASON_MAX_CHARS {
        return Err(CoreError::invalid(
            reason_field(),
            format!("{words} reason must be at most {REASON_MAX_CHARS} characters"),
        ));
    }
    match movement.kind {
        MovementKind::PayIn => sums.pay_ins += amount,
        MovementKind::PayOut => sums.pay_outs += amount,
    }
    Ok(())
}
