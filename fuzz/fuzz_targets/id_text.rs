//! Names and ids typed or sent as text: invoice numbers, product and staff ids, till refs
//! (UUIDs), units, discount types, payment methods, roles, permissions, phone numbers, e-mail
//! addresses, staff names, passwords, barcodes and upload file names. Every accepted value is
//! canonical (it reads back as itself), no longer than the input (an account's phone number: than
//! its longest stored form), and every refusal names its field with the documented message.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pos_core::CoreError;
use pos_core::catalog::{DiscountType, Unit};
use pos_core::dashboard::{MethodFilter, PaymentMethod};
use pos_core::ids;
use pos_core::validation;
use pos_server::auth::{Permission, Role};
use pos_server::db::support::till_refs::parse_ref;

fuzz_target!(|bytes: &[u8]| {
    let text = String::from_utf8_lossy(bytes);
    let text = text.as_ref();
    sequence_ids(text);
    names(text);
    people(text);
    catalog_text(text);
});

fn sequence_ids(text: &str) {
    match ids::parse_invoice_number(text) {
        Ok(number) => assert_eq!(ids::format_invoice_number(number).unwrap(), canonical(text)),
        Err(error) => refused(
            error,
            "invoiceNumber",
            "Invoice number must look like INV-000042",
        ),
    }
    match ids::parse_product_id(text) {
        Ok(number) => assert_eq!(ids::format_product_id(number).unwrap(), canonical(text)),
        Err(error) => refused(error, "product_id", "Product id must look like P-000042"),
    }
    match ids::parse_staff_id(text) {
        Ok(number) => assert_eq!(ids::format_staff_id(number).unwrap(), canonical(text)),
        Err(error) => refused(
            error,
            "staffId",
            "Staff ID must be S followed by 6 digits, like S000042",
        ),
    }
    if let Some(client_ref) = parse_ref(text) {
        assert_eq!(client_ref, text.to_ascii_lowercase());
        assert_eq!(parse_ref(&client_ref).as_deref(), Some(client_ref.as_str()));
    }
}

/// The printed form of an accepted id: trimmed, prefix upper-cased (the prefixes are ASCII).
fn canonical(text: &str) -> String {
    text.trim().to_ascii_uppercase()
}

fn refused(error: CoreError, field: &str, message: &str) {
    assert_eq!(error, CoreError::invalid(field, message));
}

fn names(text: &str) {
    if let Ok(unit) = Unit::parse(text) {
        assert_eq!(unit.as_str(), text.trim().to_ascii_lowercase());
    }
    if let Ok(kind) = DiscountType::parse(text) {
        assert_eq!(DiscountType::parse(kind.as_str()), Ok(kind));
    }
    if let Ok(method) = PaymentMethod::parse(text) {
        assert_eq!(method.as_str(), text.trim().to_ascii_lowercase());
    }
    if let Ok(filter) = MethodFilter::parse(text) {
        assert_eq!(MethodFilter::parse(&text.to_ascii_uppercase()), Ok(filter));
    }
    if let Some(role) = Role::parse(text) {
        assert_eq!(Role::parse(role.as_str()), Some(role));
    }
    if let Some(permission) = Permission::parse(text) {
        assert_eq!(permission.as_str(), text, "permission names are exact");
    }
}

fn people(text: &str) {
    let chars = text.chars().count();
    let checks: [(&str, fn(&str) -> pos_core::CoreResult<String>); 3] = [
        ("phoneNumber", |t| {
            validation::phone_number("phoneNumber", t)
        }),
        ("email", validation::email),
        ("userName", validation::staff_name),
    ];
    for (field, check) in checks {
        match check(text) {
            Ok(clean) => {
                assert!(clean.chars().count() <= chars);
                assert_eq!(
                    check(&clean).as_ref(),
                    Ok(&clean),
                    "{field}: clean stays clean"
                );
            }
            Err(CoreError::Invalid { field: named, .. }) => assert_eq!(named, field),
            Err(other) => panic!("{field}: {other:?}"),
        }
    }
    // An account's phone is stored in one form, which may be longer than the typed one
    // (`919876543210` is `+91 9876543210`) but never longer than the longest.
    match validation::account_phone_number(text) {
        Ok(stored) => {
            assert!(stored.chars().count() <= validation::ACCOUNT_PHONE_MAX_CHARS);
            assert_eq!(
                validation::account_phone_number(&stored).as_ref(),
                Ok(&stored),
                "the stored form stays as it is"
            );
        }
        Err(error) => refused(error, "phoneNumber", "Invalid mobile number!"),
    }
    if let Ok(id) = validation::staff_id(text) {
        assert_eq!(validation::staff_id(&id), Ok(id.clone()));
    }
    if validation::password(text).is_ok() {
        assert!(chars >= validation::PASSWORD_MIN_CHARS);
        assert!(text.chars().any(|c| c.is_ascii_digit()));
    }
}

fn catalog_text(text: &str) {
    if let Ok(Some(code)) = validation::barcode("barcodeNumber", Some(text)) {
        assert!(code.chars().count() <= validation::BARCODE_MAX_CHARS);
        assert_eq!(
            validation::barcode("barcodeNumber", Some(&code)),
            Ok(Some(code.clone()))
        );
    }
    if let Ok(name) = validation::csv_file_name(Some(text)) {
        assert!(name.chars().count() <= text.chars().count());
        assert!(name.to_ascii_lowercase().ends_with(".csv"));
    }
    if let Ok(name) =
        validation::required_text("productName", text, validation::PRODUCT_NAME_MAX_CHARS)
    {
        assert!(!name.is_empty() && name.chars().count() <= validation::PRODUCT_NAME_MAX_CHARS);
        assert_eq!(name, text.trim());
    }
}
