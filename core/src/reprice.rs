//! Re-pricing a submitted sale (`repriceSale`).
//!
//! A till that sold offline priced the cart with this same crate and submitted its figures. On
//! sync the server prices the cart again from the lines as the till rang them up (the prices
//! the till had, not today's catalogue) and lists every figure that differs. An empty list
//! means the till and the server agree to the cent; any difference is recorded for review.
//! Figures are compared as numbers, so `22.5` and `22.50` agree.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::error::CoreResult;
use crate::pricing::{CartInput, PricedCart};

/// A line's figures as the till submitted them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SubmittedLine {
    /// The unit price.
    pub price: Decimal,
    /// The line total.
    pub total: Decimal,
}

/// The totals as the till submitted them. `totalTax` and `pointsEarned` are compared only when
/// given (the SPEC invoice carries neither).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SubmittedSale {
    pub sub_total: Decimal,
    pub total_discount: Decimal,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_tax: Option<Decimal>,
    pub total_amount: Decimal,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points_earned: Option<Decimal>,
    /// The lines, in the same order as the cart's.
    #[serde(default)]
    pub lines: Vec<SubmittedLine>,
}

/// Input of `repriceSale`: the cart as the till had it and what the till submitted.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RepriceInput {
    pub cart: CartInput,
    pub submitted: SubmittedSale,
}

/// One figure on which the till and the core disagree.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Difference {
    /// `subTotal`, `totalDiscount`, `totalTax`, `totalAmount`, `pointsEarned`,
    /// `lines[i].price`, `lines[i].total`, or `lines.length` when the line counts differ.
    pub field: String,
    /// What the till submitted, as submitted.
    pub submitted: Decimal,
    /// What the core computes.
    pub computed: Decimal,
}

/// Output of `repriceSale`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Repriced {
    /// The cart as the core prices it.
    pub cart: PricedCart,
    /// Every disagreement, totals first, then lines in order; empty when all agree.
    pub differences: Vec<Difference>,
    /// True when `differences` is empty.
    pub matches: bool,
}

/// Prices the submitted cart again and compares (operation `repriceSale`).
///
/// Example: the README cart (computed `totalAmount 22.49`) submitted with `totalAmount 22.50`
/// gives one difference `{field: "totalAmount", submitted: "22.50", computed: "22.49"}`.
/// A cart the core refuses (e.g. a redemption above the amount due) is an error, not a list.
pub fn reprice(input: RepriceInput) -> CoreResult<Repriced> {
    let cart = input.cart.price()?;
    let submitted = &input.submitted;
    let mut differences = Vec::new();
    let mut compare = |field: String, submitted: Decimal, computed: Decimal| {
        if submitted != computed {
            differences.push(Difference {
                field,
                submitted,
                computed,
            });
        }
    };
    compare("subTotal".into(), submitted.sub_total, cart.sub_total);
    compare(
        "totalDiscount".into(),
        submitted.total_discount,
        cart.total_discount,
    );
    if let Some(total_tax) = submitted.total_tax {
        compare("totalTax".into(), total_tax, cart.total_tax);
    }
    compare(
        "totalAmount".into(),
        submitted.total_amount,
        cart.total_amount,
    );
    if let Some(points) = submitted.points_earned {
        compare("pointsEarned".into(), points, cart.points_earned);
    }
    if submitted.lines.len() != cart.lines.len() {
        compare(
            "lines.length".into(),
            Decimal::from(submitted.lines.len()),
            Decimal::from(cart.lines.len()),
        );
    }
    for (index, (line, priced)) in submitted.lines.iter().zip(&cart.lines).enumerate() {
        compare(format!("lines[{index}].price"), line.price, priced.price);
        compare(format!("lines[{index}].total"), line.total, priced.total);
    }
    let matches = differences.is_empty();
    Ok(Repriced {
        cart,
        differences,
        matches,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pricing::tests::readme_cart;
    use rust_decimal::dec;

    fn readme_submission() -> SubmittedSale {
        SubmittedSale {
            sub_total: dec!(29.98),
            total_discount: dec!(3.00),
            total_tax: Some(dec!(0.51)),
            total_amount: dec!(22.49),
            points_earned: Some(dec!(0.17)),
            lines: vec![
                SubmittedLine {
                    price: dec!(3.99),
                    total: dec!(8.99),
                },
                SubmittedLine {
                    price: dec!(6),
                    total: dec!(16.5),
                },
                SubmittedLine {
                    price: dec!(2),
                    total: dec!(2),
                },
            ],
        }
    }

    #[test]
    fn agreeing_figures_give_no_differences() {
        let result = reprice(RepriceInput {
            cart: readme_cart(),
            submitted: readme_submission(),
        })
        .unwrap();
        assert!(result.matches);
        assert!(result.differences.is_empty());
        assert_eq!(result.cart.total_amount.to_string(), "22.49");
    }

    #[test]
    fn every_disagreement_is_listed() {
        let mut submitted = readme_submission();
        submitted.total_amount = dec!(22.50);
        submitted.lines[1].total = dec!(16.49);
        let result = reprice(RepriceInput {
            cart: readme_cart(),
            submitted,
        })
        .unwrap();
        assert!(!result.matches);
        assert_eq!(
            result.differences,
            vec![
                Difference {
                    field: "totalAmount".into(),
                    submitted: dec!(22.50),
                    computed: dec!(22.49)
                },
                Difference {
                    field: "lines[1].total".into(),
                    submitted: dec!(16.49),
                    computed: dec!(16.50)
                },
            ]
        );
    }

    #[test]
    fn missing_optional_totals_are_not_compared_and_line_counts_are() {
        let mut submitted = readme_submission();
        submitted.total_tax = None;
        submitted.points_earned = None;
        submitted.lines.pop();
        let result = reprice(RepriceInput {
            cart: readme_cart(),
            submitted,
        })
        .unwrap();
        assert_eq!(result.differences.len(), 1);
        assert_eq!(result.differences[0].field, "lines.length");
        assert_eq!(result.differences[0].submitted, dec!(2));
        assert_eq!(result.differences[0].computed, dec!(3));
    }

    #[test]
    fn an_unpriceable_cart_is_an_error() {
        let mut cart = readme_cart();
        cart.lines.clear();
        let error = reprice(RepriceInput {
            cart,
            submitted: readme_submission(),
        })
        .unwrap_err();
        assert_eq!(error.message(), "Cart Empty");
    }
}
