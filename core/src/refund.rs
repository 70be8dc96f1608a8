//! Refunds: by amount, by line, and the loyalty reversal that follows a refund.
//!
//! - Refunds accumulate. Whatever their kind, the money refunded on an invoice never exceeds
//!   what was paid, and refunding everything returns exactly what was paid, to the cent.
//! - What was paid is the invoice total less the loyalty redemption. For a refund by line, the
//!   redemption is spread over the lines in proportion to their totals
//!   ([`crate::money::allocate`]), and each line's refundable money is its total less its share.
//! - A line's units are refunded cumulatively: after `n` of its `Q` units have been refunded,
//!   the line has returned `round(linePaid x n / Q)`, and the last unit takes whatever remains,
//!   so a line refunded in full returns exactly its paid share.
//! - Goods refunded by line are restocked; a refund by amount restocks nothing.
//! - Loyalty: points earned on the invoice are reversed, and points redeemed on it restored, in
//!   proportion to the share of the paid amount refunded so far ([`reverse_loyalty`]).
//! - An invoice whose payment has been refunded in full has status `refunded`; until then it
//!   stays `paid`.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::error::{CoreError, CoreResult};
use crate::loyalty::{LedgerEntry, LedgerKind};
use crate::money::allocate;
use crate::pricing::checks::{self, Field, add, div, mul, out, sub};

/// An invoice's status as far as refunds are concerned: `paid` or `refunded` (SPEC part 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RefundStatus {
    /// Not refunded, or refunded only in part.
    Paid,
    /// The whole payment has been refunded.
    Refunded,
}

impl RefundStatus {
    fn of(fully_refunded: bool) -> Self {
        if fully_refunded {
            RefundStatus::Refunded
        } else {
            RefundStatus::Paid
        }
    }
}

/// Input of `refundByAmount` (SPEC refund request `{amount}`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefundByAmountInput {
    /// What the customer paid: the invoice's `totalAmount` (after redemption).
    pub paid: Decimal,
    /// Money refunded on this invoice so far, by amount or by line (default 0).
    #[serde(default)]
    pub already_refunded: Decimal,
    /// The amount to refund now.
    pub amount: Decimal,
}

/// Output of `refundByAmount`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefundByAmount {
    /// The amount refunded now.
    pub accepted: Decimal,
    /// Everything refunded on the invoice, this refund included.
    pub refunded_total: Decimal,
    /// What can still be refunded: `paid - refundedTotal`.
    pub remaining: Decimal,
    pub fully_refunded: bool,
    pub status: RefundStatus,
}

/// Refunds part of an invoice's payment (operation `refundByAmount`).
///
/// Paid 100.00, 30.00 refunded before, 50.00 asked: accepted, `refundedTotal 80.00`,
/// `remaining 20.00`, status `paid`. Then 25.00 asked: Rule error "Refund of 25.00 exceeds the
/// 20.00 that can still be refunded". Then 20.00: `refundedTotal 100.00`, status `refunded`.
/// An amount of 0 or less is a Rule error; more than 2 decimals is an Invalid `amount`.
pub fn refund_by_amount(input: RefundByAmountInput) -> CoreResult<RefundByAmount> {
    let paid = checks::money(input.paid, Field::Top("paid"))?;
    let already = already_refunded(input.already_refunded, paid)?;
    let amount = checks::signed_money(input.amount, Field::Top("amount"))?;
    if amount <= Decimal::ZERO {
        return Err(CoreError::rule("Refund amount must be greater than 0"));
    }
    let remaining = paid - already;
    if amount > remaining {
        return Err(CoreError::rule(format!(
            "Refund of {} exceeds the {} that can still be refunded",
            out(amount),
            out(remaining)
        )));
    }
    let refunded_total = already + amount;
    let fully_refunded = refunded_total == paid;
    Ok(RefundByAmount {
        accepted: out(amount),
        refunded_total: out(refunded_total),
        remaining: out(paid - refunded_total),
        fully_refunded,
        status: RefundStatus::of(fully_refunded),
    })
}

fn already_refunded(value: Decimal, paid: Decimal) -> CoreResult<Decimal> {
    let field = Field::Top("alreadyRefunded");
    let already = checks::money(value, field)?;
    if already > paid {
        return Err(CoreError::invalid(
            field.to_string(),
            format!(
                "alreadyRefunded {} cannot exceed what was paid, {}",
                out(already),
                out(paid)
            ),
        ));
    }
    Ok(already)
}

/// One line of the invoice being refunded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefundInvoiceLine {
    /// The invoice line's id (SPEC invoice line `_id`), if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line_id: Option<String>,
    pub product_id: String,
    #[serde(default)]
    pub product_name: String,
    /// The quantity sold on the line.
    pub quantity: Decimal,
    /// The line's priced total (after discount and tax, before redemption).
    pub total: Decimal,
    /// Units of this line refunded before (default 0).
    #[serde(default)]
    pub refunded_quantity: Decimal,
}

/// One item of a refund-by-line request: which line (by `lineId`, or else by `productId`) and
/// how many units to refund.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefundRequestItem {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub product_id: Option<String>,
    pub quantity: Decimal,
}

/// Input of `refundByLines`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefundByLinesInput {
    /// Every line of the invoice (all of them: the redemption is spread over all lines).
    pub lines: Vec<RefundInvoiceLine>,
    /// The loyalty redemption taken off the invoice (default 0).
    #[serde(default)]
    pub redeem_amount: Decimal,
    /// Money refunded on this invoice so far, by amount or by line (default 0).
    #[serde(default)]
    pub already_refunded: Decimal,
    /// What to refund now.
    pub request: Vec<RefundRequestItem>,
}

/// One refunded line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefundedLine {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line_id: Option<String>,
    pub product_id: String,
    pub product_name: String,
    /// Units refunded now.
    pub quantity: Decimal,
    /// Money refunded now for this line.
    pub amount: Decimal,
    /// Units of the line refunded in all, this refund included.
    pub refunded_quantity: Decimal,
    /// The line's share of what was paid: its total less its share of the redemption.
    pub line_paid: Decimal,
}

/// Goods to put back in stock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RestockItem {
    pub product_id: String,
    pub quantity: Decimal,
}

/// Output of `refundByLines`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefundByLines {
    /// The refunded lines, in the order requested.
    pub lines: Vec<RefundedLine>,
    /// Money refunded now: the sum of the lines' `amount`.
    pub amount: Decimal,
    /// What was paid: the lines' totals less the redemption.
    pub paid: Decimal,
    /// Everything refunded on the invoice, this refund included.
    pub refunded_total: Decimal,
    /// `paid - refundedTotal`.
    pub remaining: Decimal,
    /// True when earlier refunds by amount left less than these lines are worth, so the refund
    /// was cut down to what remained (spread over the lines in proportion).
    pub capped: bool,
    pub fully_refunded: bool,
    pub status: RefundStatus,
    /// The goods to restock, one item per refunded line.
    pub restock: Vec<RestockItem>,
}

/// Refunds units of an invoice's lines (operation `refundByLines`).
///
/// Example: line A, 3 units, total 60.00; line B, 1 unit, total 40.00; 10.00 redeemed. The
/// redemption splits `6.00 / 4.00`, so A's paid share is 54.00 and B's 36.00; 90.00 was paid.
/// Refunding 1 unit of A returns `round(54.00 x 1/3) = 18.00`; refunding its other 2 units
/// later returns `54.00 - 18.00 = 36.00`. A line of 3 units totalling 10.00 returns
/// `3.33`, then `6.67 - 3.33 = 3.34`, then `10.00 - 6.67 = 3.33`.
///
/// Errors: an empty request (Rule); a request naming no line, an ambiguous `productId`, or the
/// same line twice (Invalid, `request[i]`); more units than remain on the line (Rule).
pub fn refund_by_lines(input: RefundByLinesInput) -> CoreResult<RefundByLines> {
    if input.request.is_empty() {
        return Err(CoreError::rule("Choose at least one line to refund"));
    }
    let lines_field = Field::Top("lines");
    let mut totals = Vec::with_capacity(input.lines.len());
    let mut quantities = Vec::with_capacity(input.lines.len());
    let mut refunded_quantities = Vec::with_capacity(input.lines.len());
    let mut lines_total = Decimal::ZERO;
    for (index, line) in input.lines.iter().enumerate() {
        let field = |name| Field::Item("lines", index, name);
        let total = checks::money(line.total, field("total"))?;
        let quantity = checks::quantity(line.quantity, field("quantity"))?;
        let refunded =
            checks::non_negative_quantity(line.refunded_quantity, field("refundedQuantity"))?;
        if refunded > quantity {
            return Err(CoreError::invalid(
                field("refundedQuantity").to_string(),
                format!(
                    "{} cannot exceed the line's quantity {quantity}",
                    field("refundedQuantity")
                ),
            ));
        }
        lines_total = add(lines_total, total, lines_field)?;
        totals.push(total);
        quantities.push(quantity);
        refunded_quantities.push(refunded);
    }
    let redeem_field = Field::Top("redeemAmount");
    let redeem = checks::money(input.redeem_amount, redeem_field)?;
    if redeem > lines_total {
        return Err(CoreError::invalid(
            redeem_field.to_string(),
            format!(
                "redeemAmount {} cannot exceed the lines' total {}",
                out(redeem),
                out(lines_total)
            ),
        ));
    }
    let paid = lines_total - redeem;
    let already = already_refunded(input.already_refunded, paid)?;
    let shares = allocate(redeem, &totals);
    let line_paid: Vec<Decimal> = totals
        .iter()
        .zip(&shares)
        .map(|(total, share)| out(*total - *share))
        .collect();

    // Resolve the request to line indexes, refusing unknown, ambiguous and repeated lines.
    let mut chosen: Vec<(usize, Decimal)> = Vec::with_capacity(input.request.len());
    for (position, item) in input.request.iter().enumerate() {
        let index = find_line(&input.lines, position, item)?;
        if chosen.iter().any(|(seen, _)| *seen == index) {
            return Err(CoreError::invalid(
                Field::Whole("request", position).to_string(),
                format!("request[{position}] asks for a line already in the request"),
            ));
        }
        let quantity =
            checks::quantity(item.quantity, Field::Item("request", position, "quantity"))?;
        let left = quantities[index] - refunded_quantities[index];
        if quantity > left {
            let line = &input.lines[index];
            let name = if line.product_name.is_empty() {
                &line.product_id
            } else {
                &line.product_name
            };
            return Err(CoreError::rule(format!(
                "Only {left} of {name} can still be refunded"
            )));
        }
        chosen.push((index, quantity));
    }

    // Each line returns the growth of its cumulative target.
    let mut amounts = Vec::with_capacity(chosen.len());
    let mut amount = Decimal::ZERO;
    for &(index, quantity) in &chosen {
        let before = refunded_quantities[index];
        let field = Field::Whole("lines", index);
        let target = |units: Decimal| -> CoreResult<Decimal> {
            if units == quantities[index] {
                Ok(line_paid[index])
            } else {
                Ok(out(div(
                    mul(line_paid[index], units, field)?,
                    quantities[index],
                    field,
                )?))
            }
        };
        let now = sub(target(before + quantity)?, target(before)?, field)?;
        amount = add(amount, now, lines_field)?;
        amounts.push(now);
    }
    let remaining_before = paid - already;
    let capped = amount > remaining_before;
    if capped {
        amounts = allocate(remaining_before, &amounts);
        amount = remaining_before;
    }

    let mut refunded_lines = Vec::with_capacity(chosen.len());
    let mut restock = Vec::with_capacity(chosen.len());
    for (&(index, quantity), line_amount) in chosen.iter().zip(amounts) {
        let line = &input.lines[index];
        refunded_quantities[index] += quantity;
        refunded_lines.push(RefundedLine {
            line_id: line.line_id.clone(),
            product_id: line.product_id.clone(),
            product_name: line.product_name.clone(),
            quantity,
            amount: out(line_amount),
            refunded_quantity: refunded_quantities[index].normalize(),
            line_paid: line_paid[index],
        });
        restock.push(RestockItem {
            product_id: line.product_id.clone(),
            quantity,
        });
    }
    let refunded_total = already + amount;
    let every_unit_back = quantities
        .iter()
        .zip(&refunded_quantities)
        .all(|(q, r)| q == r);
    let fully_refunded = refunded_total == paid && (paid > Decimal::ZERO || every_unit_back);
    Ok(RefundByLines {
        lines: refunded_lines,
        amount: out(amount),
        paid: out(paid),
        refunded_total: out(refunded_total),
        remaining: out(paid - refunded_total),
        capped,
        fully_refunded,
        status: RefundStatus::of(fully_refunded),
        restock,
    })
}

fn find_line(
    lines: &[RefundInvoiceLine],
    position: usize,
    item: &RefundRequestItem,
) -> CoreResult<usize> {
    let non_blank = |value: &Option<String>| {
        value
            .as_deref()
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_owned)
    };
    let (field, matches): (Field<'_>, Vec<usize>) = if let Some(line_id) = non_blank(&item.line_id)
    {
        let found = lines
            .iter()
            .enumerate()
            .filter(|(_, line)| line.line_id.as_deref() == Some(line_id.as_str()))
            .map(|(index, _)| index)
            .collect();
        (Field::Item("request", position, "lineId"), found)
    } else if let Some(product_id) = non_blank(&item.product_id) {
        let found = lines
            .iter()
            .enumerate()
            .filter(|(_, line)| line.product_id == product_id)
            .map(|(index, _)| index)
            .collect();
        (Field::Item("request", position, "productId"), found)
    } else {
        return Err(CoreError::invalid(
            Field::Whole("request", position).to_string(),
            format!("request[{position}] must name a lineId or a productId"),
        ));
    };
    match matches.as_slice() {
        [index] => Ok(*index),
        [] => Err(CoreError::invalid(
            field.to_string(),
            format!("{field} matches no line of the invoice"),
        )),
        _ => Err(CoreError::invalid(
            field.to_string(),
            format!("{field} matches several lines of the invoice; name the line by lineId"),
        )),
    }
}

/// Input of `reverseLoyalty`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReverseLoyaltyInput {
    pub invoice_id: String,
    /// Points earned on the invoice.
    #[serde(default)]
    pub points_earned: Decimal,
    /// Points redeemed on the invoice (its `redeemAmount`).
    #[serde(default)]
    pub points_redeemed: Decimal,
    /// What was paid for the invoice (after redemption).
    pub paid: Decimal,
    /// Money refunded on the invoice in all, the refund being recorded included.
    pub refunded_total: Decimal,
    /// Earned points already reversed by earlier refunds, as a positive number (default 0).
    #[serde(default)]
    pub already_reversed: Decimal,
    /// Redeemed points already restored by earlier refunds (default 0).
    #[serde(default)]
    pub already_restored: Decimal,
    /// Set when the invoice is fully refunded although nothing was paid (an invoice paid wholly
    /// with points, all of whose goods came back): everything is reversed and restored.
    #[serde(default)]
    pub fully_refunded: bool,
}

/// Output of `reverseLoyalty`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoyaltyReversal {
    /// Earned points to take back now (positive).
    pub reverse_points: Decimal,
    /// Redeemed points to give back now.
    pub restore_points: Decimal,
    /// Earned points reversed in all, this refund included.
    pub reversed_total: Decimal,
    /// Redeemed points restored in all, this refund included.
    pub restored_total: Decimal,
    /// The ledger rows to write: `refundReversal` (negative) and `redeemRestore` (positive),
    /// zero rows left out.
    pub entries: Vec<LedgerEntry>,
}

/// The loyalty side of a refund (operation `reverseLoyalty`).
///
/// The share refunded is `refundedTotal / paid` (1 once everything paid is refunded). The points
/// that should have been reversed by now are `round(pointsEarned x share)`; this refund reverses
/// that target minus what earlier refunds reversed. Redeemed points are restored the same way.
/// Because the target is cumulative, a full refund reverses exactly the points earned.
///
/// Example: 9.00 earned, 10.00 redeemed, 90.00 paid. Refunding 18.00 (a fifth) reverses 1.80
/// and restores 2.00; refunding the other 72.00 reverses `9.00 - 1.80 = 7.20` and restores 8.00.
/// With 1.00 earned on 3.00 paid, refunds of 1.00 each reverse 0.33, 0.34, then 0.33.
pub fn reverse_loyalty(input: ReverseLoyaltyInput) -> CoreResult<LoyaltyReversal> {
    let earned = checks::money(input.points_earned, Field::Top("pointsEarned"))?;
    let redeemed = checks::money(input.points_redeemed, Field::Top("pointsRedeemed"))?;
    let paid = checks::money(input.paid, Field::Top("paid"))?;
    let refunded_field = Field::Top("refundedTotal");
    let refunded = checks::money(input.refunded_total, refunded_field)?;
    if refunded > paid {
        return Err(CoreError::invalid(
            refunded_field.to_string(),
            format!(
                "refundedTotal {} cannot exceed what was paid, {}",
                out(refunded),
                out(paid)
            ),
        ));
    }
    let full = input.fully_refunded || (paid > Decimal::ZERO && refunded == paid);
    let target = |points: Decimal| -> CoreResult<Decimal> {
        if full {
            Ok(points)
        } else if paid.is_zero() {
            Ok(Decimal::ZERO)
        } else {
            Ok(out(div(
                mul(points, refunded, refunded_field)?,
                paid,
                refunded_field,
            )?))
        }
    };
    let step =
        |points: Decimal, already: Decimal, name: &'static str| -> CoreResult<(Decimal, Decimal)> {
            let field = Field::Top(name);
            let already = checks::money(already, field)?;
            let due = target(points)?;
            if already > due {
                return Err(CoreError::invalid(
                    name,
                    format!(
                        "{name} {} is more than the {} due at this refund",
                        out(already),
                        out(due)
                    ),
                ));
            }
            Ok((out(due - already), out(due)))
        };
    let (reverse_points, reversed_total) = step(earned, input.already_reversed, "alreadyReversed")?;
    let (restore_points, restored_total) =
        step(redeemed, input.already_restored, "alreadyRestored")?;
    let mut entries = Vec::with_capacity(2);
    if !reverse_points.is_zero() {
        entries.push(LedgerEntry::new(
            LedgerKind::RefundReversal,
            reverse_points,
            input.invoice_id.clone(),
        ));
    }
    if !restore_points.is_zero() {
        entries.push(LedgerEntry::new(
            LedgerKind::RedeemRestore,
            restore_points,
            input.invoice_id,
        ));
    }
    Ok(LoyaltyReversal {
        reverse_points,
        restore_points,
        reversed_total,
        restored_total,
        entries,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::dec;

    fn by_amount(paid: Decimal, already: Decimal, amount: Decimal) -> CoreResult<RefundByAmount> {
        refund_by_amount(RefundByAmountInput {
            paid,
            already_refunded: already,
            amount,
        })
    }

    #[test]
    fn refund_by_amount_readme_example() {
        let first = by_amount(dec!(100), dec!(30), dec!(50)).unwrap();
        assert_eq!(first.accepted.to_string(), "50.00");
        assert_eq!(first.refunded_total.to_string(), "80.00");
        assert_eq!(first.remaining.to_string(), "20.00");
        assert_eq!(first.status, RefundStatus::Paid);
        assert!(!first.fully_refunded);
        assert_eq!(
            by_amount(dec!(100), dec!(80), dec!(25)).unwrap_err(),
            CoreError::rule("Refund of 25.00 exceeds the 20.00 that can still be refunded")
        );
        let last = by_amount(dec!(100), dec!(80), dec!(20)).unwrap();
        assert_eq!(last.refunded_total.to_string(), "100.00");
        assert_eq!(last.remaining.to_string(), "0.00");
        assert_eq!(last.status, RefundStatus::Refunded);
        assert!(last.fully_refunded);
    }

    #[test]
    fn refund_by_amount_refuses_bad_amounts() {
        assert_eq!(
            by_amount(dec!(100), dec!(0), dec!(0)).unwrap_err(),
            CoreError::rule("Refund amount must be greater than 0")
        );
        assert_eq!(
            by_amount(dec!(100), dec!(0), dec!(-5)).unwrap_err(),
            CoreError::rule("Refund amount must be greater than 0")
        );
        assert!(matches!(
            by_amount(dec!(100), dec!(0), dec!(1.005)),
            Err(CoreError::Invalid { field, .. }) if field == "amount"
        ));
        assert!(matches!(
            by_amount(dec!(100), dec!(100.01), dec!(1)),
            Err(CoreError::Invalid { field, .. }) if field == "alreadyRefunded"
        ));
        // Nothing paid (wholly redeemed): nothing to refund in money.
        assert!(matches!(
            by_amount(dec!(0), dec!(0), dec!(1)),
            Err(CoreError::Rule { .. })
        ));
    }

    fn invoice_line(id: &str, quantity: Decimal, total: Decimal) -> RefundInvoiceLine {
        RefundInvoiceLine {
            line_id: Some(format!("line-{id}")),
            product_id: id.into(),
            product_name: id.to_uppercase(),
            quantity,
            total,
            refunded_quantity: Decimal::ZERO,
        }
    }

    fn ask(product_id: &str, quantity: Decimal) -> RefundRequestItem {
        RefundRequestItem {
            line_id: None,
            product_id: Some(product_id.into()),
            quantity,
        }
    }

    fn readme_lines() -> RefundByLinesInput {
        RefundByLinesInput {
            lines: vec![
                invoice_line("a", dec!(3), dec!(60)),
                invoice_line("b", dec!(1), dec!(40)),
            ],
            redeem_amount: dec!(10),
            already_refunded: dec!(0),
            request: vec![ask("a", dec!(1))],
        }
    }

    #[test]
    fn refund_by_lines_readme_example() {
        let first = refund_by_lines(readme_lines()).unwrap();
        assert_eq!(first.paid.to_string(), "90.00");
        assert_eq!(first.lines[0].line_paid.to_string(), "54.00");
        assert_eq!(first.lines[0].amount.to_string(), "18.00");
        assert_eq!(first.lines[0].refunded_quantity.to_string(), "1");
        assert_eq!(first.amount.to_string(), "18.00");
        assert_eq!(first.refunded_total.to_string(), "18.00");
        assert_eq!(first.remaining.to_string(), "72.00");
        assert_eq!(
            first.restock,
            vec![RestockItem {
                product_id: "a".into(),
                quantity: dec!(1)
            }]
        );
        assert_eq!(first.status, RefundStatus::Paid);

        let mut second = readme_lines();
        second.lines[0].refunded_quantity = dec!(1);
        second.already_refunded = dec!(18);
        second.request = vec![ask("a", dec!(2))];
        let second = refund_by_lines(second).unwrap();
        assert_eq!(second.amount.to_string(), "36.00");
        assert_eq!(second.refunded_total.to_string(), "54.00");

        let mut last = readme_lines();
        last.lines[0].refunded_quantity = dec!(3);
        last.already_refunded = dec!(54);
        last.request = vec![RefundRequestItem {
            line_id: Some("line-b".into()),
            product_id: None,
            quantity: dec!(1),
        }];
        let last = refund_by_lines(last).unwrap();
        assert_eq!(last.lines[0].line_paid.to_string(), "36.00");
        assert_eq!(last.amount.to_string(), "36.00");
        assert_eq!(last.refunded_total.to_string(), "90.00");
        assert!(last.fully_refunded);
        assert_eq!(last.status, RefundStatus::Refunded);
    }

    #[test]
    fn the_last_unit_takes_the_remainder() {
        // README: 3 units totalling 10.00 refund as 3.33, 3.34, 3.33.
        let mut amounts = Vec::new();
        let mut already = Decimal::ZERO;
        for refunded in 0..3 {
            let mut line = invoice_line("c", dec!(3), dec!(10));
            line.refunded_quantity = Decimal::from(refunded);
            let result = refund_by_lines(RefundByLinesInput {
                lines: vec![line],
                redeem_amount: dec!(0),
                already_refunded: already,
                request: vec![ask("c", dec!(1))],
            })
            .unwrap();
            already = result.refunded_total;
            amounts.push(result.amount.to_string());
        }
        assert_eq!(amounts, ["3.33", "3.34", "3.33"]);
        assert_eq!(already.to_string(), "10.00");
    }

    #[test]
    fn refunding_every_unit_at_once_returns_what_was_paid() {
        let mut input = readme_lines();
        input.request = vec![ask("b", dec!(1)), ask("a", dec!(3))];
        let all = refund_by_lines(input).unwrap();
        assert_eq!(all.amount.to_string(), "90.00");
        assert_eq!(all.lines[0].product_id, "b");
        assert!(all.fully_refunded);
        assert_eq!(all.restock.len(), 2);
    }

    #[test]
    fn refund_by_lines_is_capped_by_earlier_refunds_by_amount() {
        let mut input = readme_lines();
        input.already_refunded = dec!(80);
        input.request = vec![ask("a", dec!(1)), ask("b", dec!(1))];
        // Worth 18.00 + 36.00 = 54.00, but only 10.00 remains: split 18:36 -> 3.33 + 6.67.
        let capped = refund_by_lines(input).unwrap();
        assert!(capped.capped);
        assert_eq!(capped.lines[0].amount.to_string(), "3.33");
        assert_eq!(capped.lines[1].amount.to_string(), "6.67");
        assert_eq!(capped.amount.to_string(), "10.00");
        assert_eq!(capped.refunded_total.to_string(), "90.00");
        assert_eq!(capped.status, RefundStatus::Refunded);
        assert_eq!(capped.restock.len(), 2);
    }

    #[test]
    fn refund_by_lines_refuses_bad_requests() {
        let with = |request: Vec<RefundRequestItem>| {
            let mut input = readme_lines();
            input.request = request;
            refund_by_lines(input)
        };
        assert_eq!(
            with(vec![]).unwrap_err(),
            CoreError::rule("Choose at least one line to refund")
        );
        assert_eq!(
            with(vec![ask("a", dec!(4))]).unwrap_err(),
            CoreError::rule("Only 3 of A can still be refunded")
        );
        let field_of = |result: CoreResult<RefundByLines>| match result {
            Err(CoreError::Invalid { field, .. }) => field,
            other => panic!("expected invalid, got {other:?}"),
        };
        assert_eq!(
            field_of(with(vec![ask("zzz", dec!(1))])),
            "request[0].productId"
        );
        assert_eq!(
            field_of(with(vec![ask("a", dec!(1)), ask("a", dec!(1))])),
            "request[1]"
        );
        assert_eq!(
            field_of(with(vec![ask("a", dec!(0))])),
            "request[0].quantity"
        );
        assert_eq!(
            field_of(with(vec![RefundRequestItem {
                line_id: None,
                product_id: None,
                quantity: dec!(1)
            }])),
            "request[0]"
        );
        // Two lines of the same product must be named by lineId.
        let mut twice = readme_lines();
        twice.lines[1].product_id = "a".into();
        assert_eq!(field_of(refund_by_lines(twice)), "request[0].productId");
        // Inconsistent invoice data.
        let mut bad = readme_lines();
        bad.redeem_amount = dec!(100.01);
        assert_eq!(field_of(refund_by_lines(bad)), "redeemAmount");
        let mut bad = readme_lines();
        bad.lines[0].refunded_quantity = dec!(4);
        assert_eq!(field_of(refund_by_lines(bad)), "lines[0].refundedQuantity");
        let mut bad = readme_lines();
        bad.already_refunded = dec!(90.01);
        assert_eq!(field_of(refund_by_lines(bad)), "alreadyRefunded");
    }

    #[test]
    fn weighed_lines_refund_in_part() {
        // 1.5 kg for 7.50: refunding 0.5 kg returns 2.50, then 1 kg returns 5.00.
        let mut input = RefundByLinesInput {
            lines: vec![invoice_line("cheese", dec!(1.5), dec!(7.50))],
            redeem_amount: dec!(0),
            already_refunded: dec!(0),
            request: vec![ask("cheese", dec!(0.5))],
        };
        assert_eq!(
            refund_by_lines(input.clone()).unwrap().amount.to_string(),
            "2.50"
        );
        input.lines[0].refunded_quantity = dec!(0.5);
        input.already_refunded = dec!(2.50);
        input.request[0].quantity = dec!(1);
        let rest = refund_by_lines(input).unwrap();
        assert_eq!(rest.amount.to_string(), "5.00");
        assert!(rest.fully_refunded);
    }

    #[test]
    fn an_invoice_paid_wholly_with_points_is_refunded_when_all_goods_return() {
        let input = RefundByLinesInput {
            lines: vec![invoice_line("a", dec!(2), dec!(10))],
            redeem_amount: dec!(10),
            already_refunded: dec!(0),
            request: vec![ask("a", dec!(1))],
        };
        let half = refund_by_lines(input.clone()).unwrap();
        assert_eq!(half.amount.to_string(), "0.00");
        assert!(!half.fully_refunded);
        let mut rest = input;
        rest.lines[0].refunded_quantity = dec!(1);
        assert!(refund_by_lines(rest).unwrap().fully_refunded);
    }

    fn reversal(
        refunded: Decimal,
        reversed: Decimal,
        restored: Decimal,
    ) -> CoreResult<LoyaltyReversal> {
        reverse_loyalty(ReverseLoyaltyInput {
            invoice_id: "INV-1".into(),
            points_earned: dec!(9),
            points_redeemed: dec!(10),
            paid: dec!(90),
            refunded_total: refunded,
            already_reversed: reversed,
            already_restored: restored,
            fully_refunded: false,
        })
    }

    #[test]
    fn loyalty_reversal_readme_example() {
        let first = reversal(dec!(18), dec!(0), dec!(0)).unwrap();
        assert_eq!(first.reverse_points.to_string(), "1.80");
        assert_eq!(first.restore_points.to_string(), "2.00");
        assert_eq!(
            first.entries,
            vec![
                LedgerEntry::new(LedgerKind::RefundReversal, dec!(1.80), "INV-1"),
                LedgerEntry::new(LedgerKind::RedeemRestore, dec!(2.00), "INV-1"),
            ]
        );
        assert_eq!(first.entries[0].points.to_string(), "-1.80");
        let rest = reversal(dec!(90), dec!(1.80), dec!(2.00)).unwrap();
        assert_eq!(rest.reverse_points.to_string(), "7.20");
        assert_eq!(rest.restore_points.to_string(), "8.00");
        assert_eq!(rest.reversed_total.to_string(), "9.00");
        assert_eq!(rest.restored_total.to_string(), "10.00");
    }

    #[test]
    fn loyalty_reversal_is_cumulative() {
        // README: 1.00 earned on 3.00 paid, refunded 1.00 at a time: 0.33, 0.34, 0.33.
        let mut reversed = Decimal::ZERO;
        let mut steps = Vec::new();
        for refunded in [dec!(1), dec!(2), dec!(3)] {
            let step = reverse_loyalty(ReverseLoyaltyInput {
                invoice_id: "INV-2".into(),
                points_earned: dec!(1),
                points_redeemed: dec!(0),
                paid: dec!(3),
                refunded_total: refunded,
                already_reversed: reversed,
                already_restored: dec!(0),
                fully_refunded: false,
            })
            .unwrap();
            reversed = step.reversed_total;
            steps.push(step.reverse_points.to_string());
            assert!(
                step.entries
                    .iter()
                    .all(|entry| entry.kind == LedgerKind::RefundReversal)
            );
        }
        assert_eq!(steps, ["0.33", "0.34", "0.33"]);
        assert_eq!(reversed.to_string(), "1.00");
    }

    #[test]
    fn loyalty_reversal_refuses_inconsistent_input() {
        assert!(matches!(
            reversal(dec!(90.01), dec!(0), dec!(0)),
            Err(CoreError::Invalid { field, .. }) if field == "refundedTotal"
        ));
        assert!(matches!(
            reversal(dec!(18), dec!(1.81), dec!(0)),
            Err(CoreError::Invalid { field, .. }) if field == "alreadyReversed"
        ));
    }

    #[test]
    fn nothing_paid_reverses_only_when_fully_refunded() {
        let input = ReverseLoyaltyInput {
            invoice_id: "INV-3".into(),
            points_earned: dec!(0.50),
            points_redeemed: dec!(10),
            paid: dec!(0),
            refunded_total: dec!(0),
            already_reversed: dec!(0),
            already_restored: dec!(0),
            fully_refunded: false,
        };
        let none = reverse_loyalty(input.clone()).unwrap();
        assert!(none.entries.is_empty());
        let all = reverse_loyalty(ReverseLoyaltyInput {
            fully_refunded: true,
            ..input
        })
        .unwrap();
        assert_eq!(all.reverse_points.to_string(), "0.50");
        assert_eq!(all.restore_points.to_string(), "10.00");
    }
}
