//! Unit tests of every pricing rule and of every worked example in the README.

use rust_decimal::{Decimal, dec};

use super::*;
use crate::catalog::{DiscountType, Unit};
use crate::error::CoreError;

fn line(product_id: &str, quantity: Decimal, unit: Unit) -> CartLineInput {
    CartLineInput {
        product_id: product_id.into(),
        product_name: product_id.into(),
        quantity,
        unit,
        custom_product: false,
        selling_price: Decimal::ZERO,
        cost_price: Decimal::ZERO,
        cost_price_profit: Decimal::ZERO,
        discount: Decimal::ZERO,
        discount_type: DiscountType::Percentage,
        category_discount_rate: Decimal::ZERO,
        product_tax: Decimal::ZERO,
        loyalty_rate: Decimal::ZERO,
    }
}

fn selling(product_id: &str, quantity: Decimal, price: Decimal) -> CartLineInput {
    CartLineInput {
        selling_price: price,
        ..line(product_id, quantity, Unit::No)
    }
}

fn cart(lines: Vec<CartLineInput>) -> CartInput {
    CartInput {
        lines,
        redeem_amount: Decimal::ZERO,
        earns_points: true,
    }
}

fn one(input: CartLineInput) -> PricedLine {
    price_cart(cart(vec![input])).unwrap().lines.remove(0)
}

/// The README's worked cart: rice by weight, a mug priced from cost, a custom gift wrap.
pub(crate) fn readme_cart() -> CartInput {
    CartInput {
        lines: vec![
            CartLineInput {
                selling_price: dec!(3.99),
                discount: dec!(10),
                category_discount_rate: dec!(5),
                product_tax: dec!(6),
                loyalty_rate: dec!(2),
                ..line("rice", dec!(2.5), Unit::Kg)
            },
            CartLineInput {
                cost_price: dec!(4.00),
                cost_price_profit: dec!(50),
                discount: dec!(0.50),
                discount_type: DiscountType::Flat,
                ..line("mug", dec!(3), Unit::No)
            },
            CartLineInput {
                custom_product: true,
                selling_price: dec!(2.00),
                discount: dec!(50),
                product_tax: dec!(10),
                loyalty_rate: dec!(10),
                ..line("gift-wrap", dec!(1), Unit::No)
            },
        ],
        redeem_amount: dec!(5.00),
        earns_points: true,
    }
}

fn strings(line: &PricedLine) -> [String; 6] {
    [
        line.price,
        line.gross,
        line.discount,
        line.tax,
        line.total,
        line.points_earned,
    ]
    .map(|d| d.to_string())
}

#[test]
fn readme_cart_prices_as_documented() {
    let priced = price_cart(readme_cart()).unwrap();
    assert_eq!(
        strings(&priced.lines[0]),
        ["3.99", "9.98", "1.50", "0.51", "8.99", "0.17"]
    );
    assert_eq!(
        strings(&priced.lines[1]),
        ["6.00", "18.00", "1.50", "0.00", "16.50", "0.00"]
    );
    assert_eq!(
        strings(&priced.lines[2]),
        ["2.00", "2.00", "0.00", "0.00", "2.00", "0.00"]
    );
    assert_eq!(priced.sub_total.to_string(), "29.98");
    assert_eq!(priced.total_discount.to_string(), "3.00");
    assert_eq!(priced.total_tax.to_string(), "0.51");
    assert_eq!(priced.amount_due().to_string(), "27.49");
    assert_eq!(priced.redeem_amount.to_string(), "5.00");
    assert_eq!(priced.total_amount.to_string(), "22.49");
    assert_eq!(priced.points_earned.to_string(), "0.17");
    assert_eq!(priced.lines[0].quantity.to_string(), "2.5");
}

/// A till that keeps priced lines between changes sums them with `CartSum`: lines priced one by
/// one, in any order, add up to the cart `price` gives, for either kind of customer.
#[test]
fn lines_priced_one_by_one_sum_to_the_priced_cart() {
    for earns_points in [true, false] {
        let input = CartInput {
            earns_points,
            ..readme_cart()
        };
        let mut priced_lines: Vec<PricedCartLine> = input
            .lines
            .iter()
            .enumerate()
            .rev()
            .map(|(index, line)| line.price_in_cart(index, earns_points).unwrap())
            .collect();
        priced_lines.reverse();
        let mut sum = CartSum::new(input.redeem_amount).unwrap();
        priced_lines.iter().for_each(|line| sum.add(line));
        let totals = sum.totals().unwrap();
        let whole = input.price().unwrap();
        let lines: Vec<PricedLine> = priced_lines
            .iter()
            .map(|line| line.line().clone())
            .collect();
        assert_eq!(lines, whole.lines);
        assert_eq!(
            [
                totals.sub_total,
                totals.total_discount,
                totals.total_tax,
                totals.redeem_amount,
                totals.total_amount,
                totals.points_earned
            ],
            [
                whole.sub_total,
                whole.total_discount,
                whole.total_tax,
                whole.redeem_amount,
                whole.total_amount,
                whole.points_earned
            ]
        );
    }
    // The redemption is checked before any line, and against the amount due after all of them.
    assert!(CartSum::new(dec!(-1)).is_err());
    let mut sum = CartSum::new(dec!(1000)).unwrap();
    sum.add(&readme_cart().lines[0].price_in_cart(0, true).unwrap());
    assert!(matches!(sum.totals(), Err(CoreError::Rule { .. })));
}

#[test]
fn selling_price_wins_over_cost_price() {
    let priced = one(CartLineInput {
        cost_price: dec!(80),
        cost_price_profit: dec!(25),
        ..selling("p", dec!(1), dec!(120))
    });
    assert_eq!(priced.price.to_string(), "120.00");
}

#[test]
fn price_from_cost_is_marked_up_and_rounded() {
    // README: cost 80.00 with 25 % sells at 100.00.
    let priced = one(CartLineInput {
        cost_price: dec!(80),
        cost_price_profit: dec!(25),
        ..line("p", dec!(1), Unit::No)
    });
    assert_eq!(priced.price.to_string(), "100.00");
    // 3.33 x 1.15 = 3.8295 -> 3.83 per unit, then x 3 = 11.49 (not 3.8295 x 3 = 11.4885 -> 11.49).
    let priced = one(CartLineInput {
        cost_price: dec!(3.33),
        cost_price_profit: dec!(15),
        ..line("p", dec!(3), Unit::No)
    });
    assert_eq!(
        (priced.price.to_string(), priced.gross.to_string()),
        ("3.83".into(), "11.49".into())
    );
    // A markup above 100 % is accepted; above 1000 % it is not.
    let priced = one(CartLineInput {
        cost_price: dec!(1),
        cost_price_profit: dec!(200),
        ..line("p", dec!(1), Unit::No)
    });
    assert_eq!(priced.price.to_string(), "3.00");
    let error = price_cart(cart(vec![CartLineInput {
        cost_price: dec!(1),
        cost_price_profit: dec!(1000.01),
        ..line("p", dec!(1), Unit::No)
    }]))
    .unwrap_err();
    assert!(
        matches!(error, CoreError::Invalid { field, .. } if field == "lines[0].costPriceProfit")
    );
}

#[test]
fn free_line_when_no_price_at_all() {
    let priced = one(line("p", dec!(2), Unit::No));
    assert_eq!(priced.total.to_string(), "0.00");
}

#[test]
fn gross_is_price_times_quantity_rounded_half_up() {
    let priced = one(CartLineInput {
        selling_price: dec!(3.99),
        ..line("rice", dec!(2.5), Unit::Kg)
    });
    assert_eq!(priced.gross.to_string(), "9.98");
    let priced = one(CartLineInput {
        selling_price: dec!(0.33),
        ..line("rope", dec!(1.005), Unit::M)
    });
    // 0.33165 -> 0.33
    assert_eq!(priced.gross.to_string(), "0.33");
}

#[test]
fn percentage_and_category_discounts_add_up_without_compounding() {
    let priced = one(CartLineInput {
        discount: dec!(10),
        category_discount_rate: dec!(20),
        ..selling("p", dec!(1), dec!(100))
    });
    // 10 + 20 of 100, not 10 then 20 % of 90.
    assert_eq!(priced.discount.to_string(), "30.00");
    assert_eq!(priced.total.to_string(), "70.00");
}

#[test]
fn each_discount_is_rounded_on_its_own() {
    // 9.98 x 10 % = 0.998 -> 1.00 and 9.98 x 5 % = 0.499 -> 0.50: 1.50 (one rounding of 1.497 would give 1.50 too);
    // 0.15 x 5 % = 0.0075 -> 0.01 twice is 0.02, where a single 10 % = 0.015 -> 0.02 as well; use 0.05:
    // 0.05 x 5 % = 0.0025 -> 0.00 twice is 0.00, while 10 % at once would be 0.005 -> 0.01.
    let priced = one(CartLineInput {
        discount: dec!(5),
        category_discount_rate: dec!(5),
        ..selling("p", dec!(1), dec!(0.05))
    });
    assert_eq!(priced.discount.to_string(), "0.00");
}

#[test]
fn flat_discount_is_per_unit() {
    let priced = one(CartLineInput {
        discount: dec!(0.50),
        discount_type: DiscountType::Flat,
        ..selling("p", dec!(3), dec!(6))
    });
    assert_eq!(priced.discount.to_string(), "1.50");
    // Per unit of weight too: 0.20 off per kg on 1.255 kg = 0.251 -> 0.25.
    let priced = one(CartLineInput {
        discount: dec!(0.20),
        discount_type: DiscountType::Flat,
        ..CartLineInput {
            selling_price: dec!(4),
            ..line("p", dec!(1.255), Unit::Kg)
        }
    });
    assert_eq!(priced.discount.to_string(), "0.25");
}

#[test]
fn discount_is_capped_at_gross() {
    // README: flat 7.00 per unit on 2 units at 5.00.
    let priced = one(CartLineInput {
        discount: dec!(7.00),
        discount_type: DiscountType::Flat,
        ..selling("p", dec!(2), dec!(5))
    });
    assert_eq!(priced.gross.to_string(), "10.00");
    assert_eq!(priced.discount.to_string(), "10.00");
    assert_eq!(priced.total.to_string(), "0.00");
    // 100 % + 50 % category is also capped.
    let priced = one(CartLineInput {
        discount: dec!(100),
        category_discount_rate: dec!(50),
        product_tax: dec!(10),
        loyalty_rate: dec!(5),
        ..selling("p", dec!(1), dec!(8))
    });
    assert_eq!(
        strings(&priced),
        ["8.00", "8.00", "8.00", "0.00", "0.00", "0.00"]
    );
}

#[test]
fn tax_applies_after_discount() {
    let priced = one(CartLineInput {
        discount: dec!(10),
        product_tax: dec!(8),
        ..selling("p", dec!(2), dec!(12.50))
    });
    // gross 25.00, discount 2.50, tax 22.50 x 8 % = 1.80, total 24.30.
    assert_eq!(
        strings(&priced),
        ["12.50", "25.00", "2.50", "1.80", "24.30", "0.00"]
    );
}

#[test]
fn loyalty_points_are_on_the_net_before_tax() {
    let priced = one(CartLineInput {
        discount: dec!(10),
        product_tax: dec!(8),
        loyalty_rate: dec!(3),
        ..selling("p", dec!(2), dec!(12.50))
    });
    // 22.50 x 3 % = 0.675 -> 0.68
    assert_eq!(priced.points_earned.to_string(), "0.68");
}

#[test]
fn custom_lines_get_no_discount_tax_or_points() {
    let priced = one(CartLineInput {
        custom_product: true,
        cost_price: dec!(9),
        cost_price_profit: dec!(50),
        discount: dec!(1),
        discount_type: DiscountType::Flat,
        category_discount_rate: dec!(10),
        product_tax: dec!(10),
        loyalty_rate: dec!(10),
        ..selling("wrap", dec!(2), dec!(2.25))
    });
    assert_eq!(
        strings(&priced),
        ["2.25", "4.50", "0.00", "0.00", "4.50", "0.00"]
    );
    assert!(priced.custom_product);
}

#[test]
fn totals_are_sums_of_rounded_lines() {
    // Three lines of 0.333 kg at 1.00: each 0.333 -> 0.33, so 0.99 (not round(0.999) = 1.00).
    let lines = (0..3)
        .map(|i| CartLineInput {
            selling_price: dec!(1),
            ..line(&format!("p{i}"), dec!(0.333), Unit::Kg)
        })
        .collect();
    let priced = price_cart(cart(lines)).unwrap();
    assert_eq!(priced.sub_total.to_string(), "0.99");
    assert_eq!(priced.total_amount.to_string(), "0.99");
}

#[test]
fn empty_cart_is_refused_with_cart_empty() {
    let error = price_cart(cart(vec![])).unwrap_err();
    assert_eq!(error, CoreError::rule("Cart Empty"));
    assert_eq!(error.message(), CART_EMPTY);
}

#[test]
fn redemption_up_to_the_amount_due() {
    let mut input = readme_cart();
    input.redeem_amount = dec!(27.49);
    assert_eq!(
        price_cart(input.clone()).unwrap().total_amount.to_string(),
        "0.00"
    );
    input.redeem_amount = dec!(27.50);
    assert_eq!(
        price_cart(input.clone()).unwrap_err(),
        CoreError::rule("Redeem amount 27.50 exceeds the amount due 27.49")
    );
    input.redeem_amount = dec!(-1);
    assert!(
        matches!(price_cart(input.clone()), Err(CoreError::Invalid { field, .. }) if field == "redeemAmount")
    );
    input.redeem_amount = dec!(1.001);
    assert!(
        matches!(price_cart(input), Err(CoreError::Invalid { field, .. }) if field == "redeemAmount")
    );
}

fn invalid_field(input: CartLineInput) -> String {
    match price_cart(cart(vec![selling("ok", dec!(1), dec!(1)), input])) {
        Err(CoreError::Invalid { field, .. }) => field,
        other => panic!("expected an invalid field, got {other:?}"),
    }
}

#[test]
fn malformed_fields_are_named() {
    let base = || selling("p", dec!(1), dec!(1));
    assert_eq!(
        invalid_field(CartLineInput {
            quantity: dec!(0),
            ..base()
        }),
        "lines[1].quantity"
    );
    assert_eq!(
        invalid_field(CartLineInput {
            quantity: dec!(-1),
            ..base()
        }),
        "lines[1].quantity"
    );
    assert_eq!(
        invalid_field(CartLineInput {
            quantity: dec!(1.5),
            ..base()
        }),
        "lines[1].quantity"
    );
    assert_eq!(
        invalid_field(CartLineInput {
            quantity: dec!(1.0005),
            unit: Unit::Kg,
            ..base()
        }),
        "lines[1].quantity"
    );
    assert_eq!(
        invalid_field(CartLineInput {
            quantity: dec!(1000000001),
            ..base()
        }),
        "lines[1].quantity"
    );
    assert_eq!(
        invalid_field(CartLineInput {
            selling_price: dec!(1.001),
            ..base()
        }),
        "lines[1].sellingPrice"
    );
    assert_eq!(
        invalid_field(CartLineInput {
            selling_price: dec!(-1),
            ..base()
        }),
        "lines[1].sellingPrice"
    );
    assert_eq!(
        invalid_field(CartLineInput {
            selling_price: dec!(1000000000000.01),
            ..base()
        }),
        "lines[1].sellingPrice"
    );
    assert_eq!(
        invalid_field(CartLineInput {
            cost_price: dec!(-0.01),
            ..base()
        }),
        "lines[1].costPrice"
    );
    assert_eq!(
        invalid_field(CartLineInput {
            discount: dec!(101),
            ..base()
        }),
        "lines[1].discount"
    );
    assert_eq!(
        invalid_field(CartLineInput {
            discount: dec!(0.001),
            discount_type: DiscountType::Flat,
            ..base()
        }),
        "lines[1].discount"
    );
    assert_eq!(
        invalid_field(CartLineInput {
            category_discount_rate: dec!(-5),
            ..base()
        }),
        "lines[1].categoryDiscountRate"
    );
    assert_eq!(
        invalid_field(CartLineInput {
            product_tax: dec!(100.5),
            ..base()
        }),
        "lines[1].productTax"
    );
    assert_eq!(
        invalid_field(CartLineInput {
            loyalty_rate: dec!(200),
            ..base()
        }),
        "lines[1].loyaltyRate"
    );
}

#[test]
fn a_flat_discount_above_100_is_fine() {
    let priced = one(CartLineInput {
        discount: dec!(150),
        discount_type: DiscountType::Flat,
        ..selling("p", dec!(1), dec!(200))
    });
    assert_eq!(priced.total.to_string(), "50.00");
}

#[test]
fn the_largest_inputs_do_not_overflow() {
    let huge = CartLineInput {
        cost_price: dec!(1000000000),
        cost_price_profit: dec!(1000),
        discount: dec!(99.9999),
        category_discount_rate: dec!(0),
        product_tax: dec!(99.9999),
        loyalty_rate: dec!(100),
        ..line("p", dec!(999999.999), Unit::Kg)
    };
    let lines = vec![huge; 200];
    let priced = price_cart(cart(lines)).unwrap();
    assert!(priced.total_amount > Decimal::ZERO);
    // Sums are checked too: an overflow is an error naming the field, never a panic.
    let overflow =
        checks::add(Decimal::MAX, Decimal::ONE, checks::Field::Top("lines")).unwrap_err();
    assert!(matches!(overflow, CoreError::Invalid { field, .. } if field == "lines"));
}

#[test]
fn serde_uses_camel_case_strings_and_defaults() {
    let input: CartInput = serde_json::from_str(
        r#"{"lines":[{"productId":"p1","productName":"Tea","quantity":"2","unit":"no","sellingPrice":1.5}]}"#,
    )
    .unwrap();
    assert_eq!(input.redeem_amount, Decimal::ZERO);
    assert_eq!(input.lines[0].discount_type, DiscountType::Percentage);
    let json = serde_json::to_string(&price_cart(input).unwrap()).unwrap();
    assert_eq!(
        json,
        r#"{"lines":[{"productId":"p1","productName":"Tea","unit":"no","customProduct":false,"quantity":"2","price":"1.50","gross":"3.00","discount":"0.00","tax":"0.00","total":"3.00","pointsEarned":"0.00"}],"subTotal":"3.00","totalDiscount":"0.00","totalTax":"0.00","redeemAmount":"0.00","totalAmount":"3.00","pointsEarned":"0.00"}"#
    );
}

#[test]
fn negative_zero_inputs_print_as_zero() {
    let priced = one(CartLineInput {
        discount: dec!(-0),
        ..selling("p", dec!(1), dec!(1))
    });
    assert_eq!(priced.discount.to_string(), "0.00");
}

#[test]
fn cash_balance_is_received_minus_total() {
    let balance = |received, total_amount| {
        cash_balance(CashBalanceInput {
            received,
            total_amount,
        })
    };
    assert_eq!(
        balance(dec!(50), dec!(22.49)).unwrap().balance.to_string(),
        "27.51"
    );
    assert_eq!(
        balance(dec!(20), dec!(22.49)).unwrap().balance.to_string(),
        "-2.49"
    );
    assert_eq!(
        balance(dec!(22.49), dec!(22.49))
            .unwrap()
            .balance
            .to_string(),
        "0.00"
    );
    assert!(
        matches!(balance(dec!(-1), dec!(1)), Err(CoreError::Invalid { field, .. }) if field == "received")
    );
}

fn custom_line(product_id: Option<&str>, quantity: Option<&str>) -> CustomInvoiceLineInput {
    CustomInvoiceLineInput {
        product_id: product_id.map(str::to_owned),
        product_name: "Sugar".into(),
        quantity: quantity.map(str::to_owned),
        unit: Unit::Kg,
        custom_product: false,
        selling_price: Decimal::ZERO,
        cost_price: Decimal::ZERO,
        cost_price_profit: Decimal::ZERO,
        discount: Decimal::ZERO,
        discount_type: DiscountType::Percentage,
        category_discount_rate: Decimal::ZERO,
        product_tax: Decimal::ZERO,
    }
}

fn custom(lines: Vec<CustomInvoiceLineInput>) -> CustomInvoiceInput {
    CustomInvoiceInput { lines }
}

#[test]
fn custom_invoice_prices_the_readme_cart_as_the_till_does() {
    // The till's basket before its loyalty redemption (a custom invoice has none).
    let till = price_cart(CartInput {
        redeem_amount: Decimal::ZERO,
        ..readme_cart()
    })
    .unwrap();
    let lines = readme_cart()
        .lines
        .into_iter()
        .map(CustomInvoiceLineInput::from)
        .collect();
    let invoice = price_custom_invoice(custom(lines)).unwrap();
    for (mine, theirs) in invoice.lines.iter().zip(&till.lines) {
        assert_eq!(mine.unit, theirs.unit);
        assert_eq!(
            (mine.price, mine.gross, mine.discount, mine.tax, mine.total),
            (
                theirs.price,
                theirs.gross,
                theirs.discount,
                theirs.tax,
                theirs.total
            )
        );
    }
    let totals = |cart: &PricedCart| {
        [
            cart.sub_total,
            cart.total_discount,
            cart.total_tax,
            cart.total_amount,
        ]
        .map(|x| x.to_string())
    };
    assert_eq!(totals(&invoice), ["29.98", "3.00", "0.51", "27.49"]);
    assert_eq!(totals(&invoice), totals(&till));
    // Never paid: no points, no redemption.
    assert_eq!(till.points_earned.to_string(), "0.17");
    assert_eq!(invoice.points_earned.to_string(), "0.00");
    assert_eq!(invoice.lines[0].points_earned.to_string(), "0.00");
    assert_eq!(invoice.redeem_amount.to_string(), "0.00");
    // Each line keeps its product's unit.
    let units: Vec<Unit> = invoice.lines.iter().map(|line| line.unit).collect();
    assert_eq!(units, [Unit::Kg, Unit::No, Unit::No]);
}

#[test]
fn custom_invoice_price_is_the_tills_unit_price() {
    let price = |selling_price, cost_price, cost_price_profit| {
        let line = CustomInvoiceLineInput {
            selling_price,
            cost_price,
            cost_price_profit,
            ..custom_line(Some("p"), Some("1"))
        };
        price_custom_invoice(custom(vec![line])).unwrap().lines[0]
            .price
            .to_string()
    };
    assert_eq!(price(dec!(5), dec!(3), dec!(50)), "5.00");
    assert_eq!(price(dec!(0), dec!(3), dec!(0)), "3.00");
    // Priced from cost: marked up, as the till and the product's card price it.
    assert_eq!(price(dec!(0), dec!(80), dec!(25)), "100.00");
    assert_eq!(price(dec!(0), dec!(0), dec!(0)), "0.00");
}

#[test]
fn custom_invoice_needs_a_product_and_a_quantity() {
    let refuse = |line| price_custom_invoice(custom(vec![line])).unwrap_err();
    assert_eq!(
        refuse(custom_line(None, Some("1"))),
        CoreError::invalid(
            "lines[0].productId",
            "Line 1: choose a product before adding the line"
        )
    );
    assert_eq!(
        refuse(custom_line(Some("  "), Some("1"))).message(),
        "Line 1: choose a product before adding the line"
    );
    assert_eq!(
        refuse(custom_line(Some("p"), Some(" "))),
        CoreError::invalid(
            "lines[0].quantity",
            "Line 1: enter a quantity before adding the line"
        )
    );
    assert_eq!(
        refuse(custom_line(Some("p"), None)).message(),
        "Line 1: enter a quantity before adding the line"
    );
    assert_eq!(
        refuse(custom_line(Some("p"), Some("abc"))).message(),
        "lines[0].quantity must be a number, not \"abc\""
    );
    assert_eq!(
        refuse(custom_line(Some("p"), Some("0"))).message(),
        "lines[0].quantity must be greater than 0"
    );
    // The till's unit rule: pieces are whole.
    let pieces = CustomInvoiceLineInput {
        unit: Unit::No,
        ..custom_line(Some("p"), Some("1.5"))
    };
    assert_eq!(
        refuse(pieces),
        CoreError::invalid(
            "lines[0].quantity",
            "lines[0].quantity must be a whole number for unit no"
        )
    );
}

#[test]
fn custom_invoice_reads_numbers_as_json_numbers_or_text() {
    let input: CustomInvoiceInput = serde_json::from_str(
        r#"{"lines":[{"productId":"p","productName":"Rice","quantity":1.5,"unit":"kg","sellingPrice":"2","productTax":10},
                     {"productId":"q","quantity":3,"unit":"no","costPrice":1,"loyaltyRate":50}]}"#,
    )
    .unwrap();
    let invoice = price_custom_invoice(input).unwrap();
    assert_eq!(invoice.lines[0].total.to_string(), "3.30");
    assert_eq!(invoice.lines[1].total.to_string(), "3.00");
    assert_eq!(invoice.total_tax.to_string(), "0.30");
    assert_eq!(invoice.total_amount.to_string(), "6.30");
    assert_eq!(invoice.points_earned.to_string(), "0.00");
    let blank: CustomInvoiceInput =
        serde_json::from_str(r#"{"lines":[{"productId":"p","unit":"kg","quantity":null}]}"#)
            .unwrap();
    assert!(price_custom_invoice(blank).is_err());
}

#[test]
fn an_empty_custom_invoice_prices_to_zeros() {
    let empty = price_custom_invoice(custom(vec![])).unwrap();
    assert!(empty.lines.is_empty());
    for amount in [
        empty.sub_total,
        empty.total_discount,
        empty.total_tax,
        empty.redeem_amount,
        empty.total_amount,
        empty.points_earned,
    ] {
        assert_eq!(amount.to_string(), "0.00");
    }
}

#[test]
fn unit_price_alone_follows_the_cart_rule() {
    // Selling price wins; otherwise the cost price marked up, rounded half-up per unit.
    assert_eq!(
        unit_price(dec!(120), dec!(80), dec!(25))
            .unwrap()
            .to_string(),
        "120.00"
    );
    assert_eq!(
        unit_price(dec!(0), dec!(80), dec!(25)).unwrap().to_string(),
        "100.00"
    );
    assert_eq!(
        unit_price(dec!(0), dec!(3.33), dec!(15))
            .unwrap()
            .to_string(),
        "3.83"
    );
    assert_eq!(
        unit_price(dec!(0), dec!(0), dec!(0)).unwrap().to_string(),
        "0.00"
    );
    // The same price a one-unit cart line gets.
    let priced = one(CartLineInput {
        cost_price: dec!(3.33),
        cost_price_profit: dec!(15),
        ..line("p", dec!(1), Unit::No)
    });
    assert_eq!(
        unit_price(dec!(0), dec!(3.33), dec!(15)).unwrap(),
        priced.price
    );
    let error = unit_price(dec!(0), dec!(1), dec!(1000.01)).unwrap_err();
    assert!(matches!(error, CoreError::Invalid { field, .. } if field == "costPriceProfit"));
    let error = unit_price(dec!(-1), dec!(1), dec!(0)).unwrap_err();
    assert!(matches!(error, CoreError::Invalid { field, .. } if field == "sellingPrice"));
}
