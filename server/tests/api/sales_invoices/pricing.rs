//! What a cart comes to: the server's amounts are exactly pos_core's for random carts, stock
//! is checked when adding, and a custom product is sold as it was typed.

use pos_core::catalog::{DiscountType, Unit};
use pos_core::pricing::{CartInput, CartLineInput, price_cart};
use rust_decimal::Decimal;
use rust_decimal::dec;
use serde_json::json;

use crate::catalog_support::refused_with;
use crate::sales_support::{
    InvoiceText, SalesShop, add, cart, create_category, dec, invoice_text, lines_of, sales_tables,
};
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    random_carts_cost_what_core_says,
    stock_is_checked_when_adding,
    a_custom_product_is_sold_as_typed,
);

/// A small deterministic generator (xorshift), so a failure names a reproducible cart.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }

    /// `0 ..= max_units / 10^scale` in steps of 10^-scale.
    fn decimal(&mut self, max_units: u64, scale: u32) -> Decimal {
        Decimal::new(self.below(max_units + 1) as i64, scale)
    }
}

/// A catalogue product as sent, and as pos_core would price it.
struct Sold {
    id: String,
    line: CartLineInput,
}

async fn random_product(
    shop: &mut SalesShop,
    random: &mut Random,
    categories: &[(String, Decimal)],
    index: usize,
) -> Sold {
    let (category, rate) = categories[random.below(categories.len() as u64) as usize].clone();
    let unit = random.pick(&[Unit::No, Unit::Kg, Unit::Lt]);
    let cost_price = Decimal::new(50 + random.below(5000) as i64, 2);
    // Sometimes no selling price: the cost price marked up is charged.
    let selling_price = if random.below(4) == 0 {
        Decimal::ZERO
    } else {
        Decimal::new(1 + random.below(9999) as i64, 2)
    };
    let cost_price_profit = random.decimal(500, 1);
    let discount_type = random.pick(&[DiscountType::Percentage, DiscountType::Flat]);
    let discount = match discount_type {
        DiscountType::Percentage => random.decimal(400, 1),
        DiscountType::Flat => random.decimal(300, 2),
    };
    let product_tax = random.pick(&[dec!(0), dec!(6), dec!(8.5), dec!(16)]);
    let loyalty_rate = random.pick(&[dec!(0), dec!(1), dec!(2.5), dec!(5)]);
    let name = format!("Product {index}");
    let id = shop
        .product(
            &name,
            json!({
                "category": category,
                "unit": unit.as_str(),
                "quantity": 100000,
                "costPrice": cost_price.to_string(),
                "sellingPrice": selling_price.to_string(),
                "costPriceProfit": cost_price_profit.to_string(),
                "discountType": discount_type.as_str(),
                "discount": discount.to_string(),
                "productTax": product_tax.to_string(),
                "loyaltyRate": loyalty_rate.to_string(),
            }),
        )
        .await;
    let line = CartLineInput {
        product_id: id.clone(),
        product_name: name,
        quantity: Decimal::ONE,
        unit,
        custom_product: false,
        selling_price,
        cost_price,
        cost_price_profit,
        discount,
        discount_type,
        category_discount_rate: rate,
        product_tax,
        loyalty_rate,
    };
    Sold { id, line }
}

fn random_quantity(random: &mut Random, unit: Unit) -> Decimal {
    match unit {
        Unit::No => Decimal::from(1 + random.below(12)),
        _ => Decimal::new(1 + random.below(25_000) as i64, 3),
    }
}

/// The answer's amounts against core's: every total and every line, digit for digit.
fn assert_priced_as_core(found: &InvoiceText, lines: Vec<CartLineInput>, which: usize) {
    let expected = price_cart(CartInput {
        lines,
        redeem_amount: Decimal::ZERO,
        earns_points: true,
    })
    .unwrap();
    let totals = [
        ("subTotal", expected.sub_total),
        ("totalDiscount", expected.total_discount),
        ("totalTax", expected.total_tax),
        ("redeemAmount", expected.redeem_amount),
        ("totalAmount", expected.total_amount),
        ("pointsEarned", expected.points_earned),
    ];
    for (field, amount) in totals {
        assert_eq!(
            found.fields[field],
            amount.to_string(),
            "cart {which}: {field}"
        );
    }
    assert_eq!(found.lines.len(), expected.lines.len(), "cart {which}");
    for (line, priced) in found.lines.iter().zip(&expected.lines) {
        let amounts = [
            ("price", priced.price),
            ("gross", priced.gross),
            ("discountAmount", priced.discount),
            ("tax", priced.tax),
            ("total", priced.total),
            ("pointsEarned", priced.points_earned),
        ];
        for (field, amount) in amounts {
            assert_eq!(
                line[field],
                amount.to_string(),
                "cart {which}: line {field}"
            );
        }
        let quantity: Decimal = line["quantity"].parse().unwrap();
        assert_eq!(quantity, priced.quantity, "cart {which}: quantity");
    }
}

async fn random_carts_cost_what_core_says(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let mut random = Random(0x5eed_2024_0505);
    let mut categories = vec![(shop.category.clone(), Decimal::ZERO)];
    for (name, rate) in [("Fresh", dec!(5)), ("Bulk", dec!(12.5))] {
        let id = create_category(&mut shop.admin, name, &rate.to_string()).await;
        categories.push((id, rate));
    }
    let mut catalogue = Vec::new();
    for index in 0..10 {
        catalogue.push(random_product(&mut shop, &mut random, &categories, index).await);
    }
    let customer = shop.customer("Aisha", "7771234").await;

    for which in 0..20 {
        let invoice = cart(&mut shop.staff, &customer).await;
        let mut lines: Vec<CartLineInput> = Vec::new();
        for _ in 0..1 + random.below(5) {
            let sold = &catalogue[random.below(catalogue.len() as u64) as usize];
            let quantity = random_quantity(&mut random, sold.line.unit);
            let reply = add(
                &mut shop.staff,
                &invoice,
                json!({"productId": sold.id, "quantity": quantity.to_string()}),
            )
            .await;
            reply.assert_status(200);
            // Sending a product again sets its line's quantity, in place.
            match lines.iter_mut().find(|line| line.product_id == sold.id) {
                Some(line) => line.quantity = quantity,
                None => lines.push(CartLineInput {
                    quantity,
                    ..sold.line.clone()
                }),
            }
        }
        let found = invoice_text(&shop.app, &shop.staff, &invoice).await;
        assert_priced_as_core(&found, lines, which);
    }
}

async fn stock_is_checked_when_adding(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let customer = shop.customer("Aisha", "7771234").await;
    let flour = shop
        .product(
            "Flour",
            json!({"unit": "kg", "quantity": "2.5", "barcodeNumber": "77"}),
        )
        .await;
    let invoice = cart(&mut shop.staff, &customer).await;

    let too_many = add(
        &mut shop.staff,
        &invoice,
        json!({"productId": flour, "quantity": 3}),
    )
    .await;
    refused_with(&too_many, 409, "Not enough stock for Flour: 2.5 kg left");
    let all = add(
        &mut shop.staff,
        &invoice,
        json!({"productId": flour, "quantity": "2.5"}),
    )
    .await;
    all.assert_status(200);
    let before = sales_tables(&shop.app).await;
    // A scan adds to the line: 2.5 + 0.5 is more than the stock.
    let scanned = add(
        &mut shop.staff,
        &invoice,
        json!({"barcodeNumber": "77", "quantity": "0.5"}),
    )
    .await;
    refused_with(&scanned, 409, "Not enough stock for Flour: 2.5 kg left");
    assert_eq!(sales_tables(&shop.app).await, before);
    assert_eq!(lines_of(&all), [(flour.clone(), dec!(2.5))]);
}

async fn a_custom_product_is_sold_as_typed(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let customer = shop.customer("Aisha", "7771234").await;
    let wrap = shop.custom_product("Gift wrap", "2", "3.25").await;
    let invoice = cart(&mut shop.staff, &customer).await;

    // Its own quantity, whatever is sent, and no stock check.
    let added = add(
        &mut shop.staff,
        &invoice,
        json!({"productId": wrap, "quantity": 9}),
    )
    .await;
    added.assert_status(200);
    let line = &added.data()["products"][0];
    assert_eq!(line["customProduct"], true);
    assert_eq!(line["unit"], "kg");
    assert_eq!(dec(&line["quantity"]), dec!(2));
    assert_eq!(dec(&line["total"]), dec!(6.50));
    assert_eq!(dec(&added.data()["totalAmount"]), dec!(6.50));
}
