//! The category doughnut (operation `dashboardCategories`): line amounts added up per category.

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::sales::{PaidSale, kept_amount, to_cents};
use crate::error::CoreResult;
use crate::money::round_money;

/// One slice of the category doughnut.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CategoryTotal {
    pub category: String,
    pub rounded_total_amount: Decimal,
}

/// Input of `dashboardCategories`: every sale to include (the caller chooses which).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CategoriesInput {
    pub sales: Vec<PaidSale>,
}

/// The category doughnut: each line's own amount (rounded to cents) added to its category's
/// total; categories are matched by exact name. Sorted by amount, largest first, then by name.
pub fn category_totals<'a>(
    lines: impl IntoIterator<Item = (&'a str, Decimal)>,
) -> Vec<CategoryTotal> {
    let mut sums: BTreeMap<&str, Decimal> = BTreeMap::new();
    for (category, amount) in lines {
        *sums.entry(category).or_default() += to_cents(amount);
    }
    let mut totals: Vec<CategoryTotal> = sums
        .into_iter()
        .map(|(category, sum)| CategoryTotal {
            category: category.to_owned(),
            rounded_total_amount: round_money(sum),
        })
        .collect();
    totals.sort_by(|a, b| {
        b.rounded_total_amount
            .cmp(&a.rounded_total_amount)
            .then_with(|| a.category.cmp(&b.category))
    });
    totals
}

/// Operation `dashboardCategories`: see [`category_totals`]. A negative line amount is an error
/// naming the line (`sales[0].lines[2].amount`).
pub fn categories(input: CategoriesInput) -> CoreResult<Vec<CategoryTotal>> {
    let mut lines = Vec::new();
    for (sale_index, sale) in input.sales.iter().enumerate() {
        for (line_index, line) in sale.lines.iter().enumerate() {
            let amount = kept_amount(line.amount, || {
                format!("sales[{sale_index}].lines[{line_index}].amount")
            })?;
            lines.push((line.category.as_str(), amount));
        }
    }
    Ok(category_totals(lines))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dashboard::test_support::sale;
    use crate::dashboard::{PaymentMethod, SaleLine};
    use crate::error::CoreError;
    use rust_decimal::dec;

    #[test]
    fn categories_sum_line_amounts_not_invoices() {
        let mut first = sale(0, PaymentMethod::Cash, dec!(30));
        first.lines = vec![
            SaleLine {
                category: "Drinks".into(),
                amount: dec!(10),
            },
            SaleLine {
                category: "Snacks".into(),
                amount: dec!(20),
            },
        ];
        let mut second = sale(0, PaymentMethod::Digital, dec!(15));
        second.lines = vec![
            SaleLine {
                category: "Drinks".into(),
                amount: dec!(5.004),
            },
            SaleLine {
                category: "Bakery".into(),
                amount: dec!(9.995),
            },
            SaleLine {
                category: "Fruit".into(),
                amount: dec!(0),
            },
        ];
        let totals = categories(CategoriesInput {
            sales: vec![first, second],
        })
        .unwrap();
        let pairs: Vec<(&str, String)> = totals
            .iter()
            .map(|t| (t.category.as_str(), t.rounded_total_amount.to_string()))
            .collect();
        assert_eq!(
            pairs,
            vec![
                ("Snacks", "20.00".into()),
                ("Drinks", "15.00".into()),
                ("Bakery", "10.00".into()),
                ("Fruit", "0.00".into())
            ]
        );
        let mut bad = sale(0, PaymentMethod::Cash, dec!(1));
        bad.lines = vec![SaleLine {
            category: "x".into(),
            amount: dec!(-1),
        }];
        assert_eq!(
            categories(CategoriesInput {
                sales: vec![sale(0, PaymentMethod::Cash, dec!(1)), bad]
            })
            .unwrap_err(),
            CoreError::invalid("sales[1].lines[0].amount", "Kept amount cannot be negative")
        );
        assert_eq!(
            categories(CategoriesInput { sales: vec![] }).unwrap(),
            vec![]
        );
    }

    #[test]
    fn ties_are_sorted_by_name() {
        let totals = category_totals([("b", dec!(1)), ("a", dec!(1)), ("c", dec!(2))]);
        let names: Vec<&str> = totals.iter().map(|t| t.category.as_str()).collect();
        assert_eq!(names, ["c", "a", "b"]);
    }
}
