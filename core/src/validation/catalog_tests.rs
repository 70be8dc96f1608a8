//! Tests of the catalogue and customer records.

use rust_decimal::dec;

use super::*;

fn product(json: serde_json::Value) -> Result<ValidProduct, Vec<FieldError>> {
    serde_json::from_value::<ProductDraft>(json)
        .unwrap()
        .validate()
}

fn messages(errors: Vec<FieldError>) -> Vec<String> {
    errors
        .into_iter()
        .map(|e| format!("{}: {}", e.field, e.message))
        .collect()
}

#[test]
fn a_product_takes_numbers_or_numeric_text_and_defaults_the_rest() {
    let valid = product(serde_json::json!({
        "productName": "  Rice 5kg ", "category": "3", "sellingPrice": "12.5",
        "quantity": 40, "barcodeNumber": " 8901234567890 "
    }))
    .unwrap();
    assert_eq!(valid.product_name, "Rice 5kg");
    assert_eq!(valid.barcode_number.as_deref(), Some("8901234567890"));
    assert_eq!(valid.selling_price.to_string(), "12.50");
    assert_eq!(valid.quantity, dec!(40));
    assert_eq!(valid.unit, Unit::No);
    assert_eq!(valid.discount_type, DiscountType::Percentage);
    assert_eq!(valid.cost_price, Decimal::ZERO);
    let blank_barcode = product(serde_json::json!({
        "productName": "Tea", "category": "3", "costPrice": 2, "barcodeNumber": ""
    }))
    .unwrap();
    assert_eq!(blank_barcode.barcode_number, None);
}

#[test]
fn a_product_reports_every_failing_field_in_order() {
    let errors = product(serde_json::json!({
        "productName": " ", "category": "", "quantity": "1.5", "unit": "box",
        "costPrice": "-1", "sellingPrice": "2.555", "discount": "120",
        "productTax": "abc", "loyaltyRate": 101, "costPriceProfit": 1001,
        "barcodeNumber": "12 34"
    }))
    .unwrap_err();
    assert_eq!(
        messages(errors),
        [
            "productName: Product name is required",
            "barcodeNumber: Barcode number must be 1 to 64 letters, digits or symbols without spaces",
            "category: Category is required",
            "unit: Unit must be one of no, kg, lt, m",
            "quantity: Quantity must be a whole number for unit no",
            "costPrice: Cost price cannot be negative",
            "costPriceProfit: Cost price profit must be between 0 and 1000",
            "sellingPrice: Selling price can have at most 2 decimal places",
            "discount: Discount must be between 0 and 100",
            "productTax: Product tax must be a number",
            "loyaltyRate: Loyalty rate must be between 0 and 100",
        ]
    );
}

#[test]
fn a_product_needs_a_price_and_reads_a_flat_discount_as_money() {
    let errors = product(serde_json::json!({"productName": "Free", "category": "1"})).unwrap_err();
    assert_eq!(messages(errors), [format!("sellingPrice: {NEEDS_A_PRICE}")]);
    let flat = product(serde_json::json!({
        "productName": "Oil", "category": "1", "sellingPrice": 500, "discount": "150.25",
        "discountType": "flat", "unit": "lt", "quantity": "2.125"
    }))
    .unwrap();
    assert_eq!(flat.discount.to_string(), "150.25");
    assert_eq!(flat.quantity, dec!(2.125));
    let errors = product(serde_json::json!({
        "productName": "Oil", "category": "1", "sellingPrice": 5, "discount": "1.005",
        "discountType": "flat"
    }))
    .unwrap_err();
    assert_eq!(
        messages(errors),
        ["discount: Discount can have at most 2 decimal places"]
    );
}

#[test]
fn categories_default_their_rate_and_bound_their_text() {
    let draft = CategoryDraft {
        category_name: Some(" Drinks ".into()),
        description: None,
        discount_rate: Some(NumberInput::from("12.5")),
    };
    let valid = draft.validate().unwrap();
    assert_eq!(
        (valid.category_name.as_str(), valid.discount_rate),
        ("Drinks", dec!(12.5))
    );
    assert_eq!(valid.description, "");
    let errors = CategoryDraft {
        category_name: Some("x".repeat(61)),
        description: Some("d".repeat(501)),
        discount_rate: Some(NumberInput::from("-1")),
    }
    .validate()
    .unwrap_err();
    assert_eq!(
        messages(errors),
        [
            "categoryName: Category name must be at most 60 characters",
            "description: Description must be at most 500 characters",
            "discountRate: Discount rate must be between 0 and 100",
        ]
    );
}

#[test]
fn a_category_description_may_have_lines_but_no_field_control_characters() {
    let draft = |name: &str, description: &str| CategoryDraft {
        category_name: Some(name.into()),
        description: Some(description.into()),
        discount_rate: None,
    };
    let valid = draft("Drinks\tcold", "Cold drinks\r\nand juice")
        .validate()
        .unwrap();
    assert_eq!(valid.category_name, "Drinks\tcold");
    assert_eq!(valid.description, "Cold drinks\nand juice");
    assert_eq!(
        messages(draft("Dri\nnks", "Cold\0").validate().unwrap_err()),
        [
            "categoryName: Category name cannot contain line breaks or control characters",
            "description: Description cannot contain control characters",
        ]
    );
    let product = product(serde_json::json!({
        "productName": "Rice\u{1b}[2J", "category": "3", "sellingPrice": 1
    }));
    assert_eq!(
        messages(product.unwrap_err()),
        ["productName: Product name cannot contain line breaks or control characters"]
    );
    let customer = CustomerDraft {
        customer_name: Some("Aisha\u{0}".into()),
        phone_number: Some(NumberInput::from("7771234")),
        email: None,
    };
    assert_eq!(
        messages(customer.validate().unwrap_err()),
        ["customerName: Customer name cannot contain line breaks or control characters"]
    );
}

#[test]
fn custom_products_need_a_positive_quantity_and_price() {
    let draft = |quantity: &str, price: &str| CustomProductDraft {
        product_name: Some("Gift wrap".into()),
        quantity: Some(NumberInput::from(quantity)),
        unit: Some("kg".into()),
        selling_price: Some(NumberInput::from(price)),
    };
    let valid = draft("0.25", "4").validate().unwrap();
    assert_eq!((valid.quantity, valid.unit), (dec!(0.25), Unit::Kg));
    assert_eq!(
        messages(draft("0", "0").validate().unwrap_err()),
        [
            "quantity: Quantity must be greater than 0",
            "sellingPrice: Selling price must be greater than 0",
        ]
    );
    let missing = CustomProductDraft::default().validate().unwrap_err();
    assert_eq!(
        messages(missing),
        [
            "productName: Product name is required",
            "quantity: Quantity is required",
            "sellingPrice: Selling price is required",
        ]
    );
}

#[test]
fn customers_need_a_seven_digit_phone_and_an_optional_valid_email() {
    let draft: CustomerDraft = serde_json::from_value(serde_json::json!({
        "customerName": "Aisha Ali", "phoneNumber": 7771234
    }))
    .unwrap();
    let valid = draft.validate().unwrap();
    assert_eq!(
        (valid.phone_number.as_str(), valid.email.as_str()),
        ("7771234", "")
    );
    let errors = CustomerDraft {
        customer_name: None,
        phone_number: Some(NumberInput::from("77712")),
        email: Some("not-mail".into()),
    }
    .validate()
    .unwrap_err();
    assert_eq!(
        messages(errors),
        [
            "customerName: Customer name is required",
            "phoneNumber: Phone number must be exactly 7 digits",
            "email: Invalid! email id!",
        ]
    );
}

#[test]
fn the_loyalty_rate_is_a_required_percentage() {
    assert_eq!(
        loyalty_rate(Some(&NumberInput::from("2.5"))).unwrap(),
        dec!(2.5)
    );
    assert_eq!(loyalty_rate(Some(&NumberInput::from(3))).unwrap(), dec!(3));
    let message =
        |input: Option<&NumberInput>| loyalty_rate(input).unwrap_err().message().to_owned();
    assert_eq!(message(None), "Loyalty rate is required");
    assert_eq!(
        message(Some(&NumberInput::from("-1"))),
        "Loyalty rate must be between 0 and 100"
    );
    assert_eq!(
        message(Some(&NumberInput::from("ten"))),
        "Loyalty rate must be a number"
    );
}
