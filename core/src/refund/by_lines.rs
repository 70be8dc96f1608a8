//! Refunds by line (operation `refundByLines`): the redemption spread over the lines, units
//! refunded cumulatively, the cap set by earlier refunds by amount, and the goods to restock.

use rust_decimal::Decimal;

use super::lines::{
    RefundByLines, RefundByLinesInput, RefundInvoiceLine, RefundRequestItem, RefundedLine,
    RestockItem,
};
use super::status::{RefundStatus, already_refunded};
use crate::error::{CoreError, CoreResult};
use crate::money::allocate;
use crate::pricing::checks::{self, Field, add, div, mul, out, sub};

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

#[cfg(test)]
mod tests;
