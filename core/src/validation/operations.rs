//! The operations the browser calls: `validateStaffSignup` (a whole form), `validateField`
//! (one field as typed) and `validateReorderLevel` (a product's reorder level for its unit).

use serde::{Deserialize, Serialize};

use super::accounts::{password, staff_id, staff_name};
use super::catalog::{
    ProductDraft, category_description, category_name, customer_name, product_name,
};
use super::custom_details::address;
use super::dates::{month, year};
use super::email::email;
use super::failures::FieldError;
use super::fields::{cash_movement_amount, money_amount};
use super::numbers::{NumberInput, parse_decimal, parse_integer};
use super::phone::{account_phone_number, phone_number};
use super::receipt::{ReceiptPaper, receipt_footer};
use super::upload::csv_file_name;
use crate::catalog::{DiscountType, Unit};
use crate::error::{CoreError, CoreResult};

/// The staff signup form (`POST /admin/create-employee`). Missing fields read as empty; extra
/// fields such as `confirmPassword` are ignored.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct StaffSignupInput {
    pub user_name: String,
    pub email: String,
    pub phone_number: String,
    pub password: String,
}

/// Operation `validateStaffSignup`: every failing rule of the staff signup form, in form order
/// (userName, email, phoneNumber, password); empty when the form is valid.
/// The phone number is an account's ([`account_phone_number`]), as the server checks it.
pub fn validate_staff_signup(input: StaffSignupInput) -> CoreResult<Vec<FieldError>> {
    let checks = [
        staff_name(&input.user_name).err(),
        email(&input.email).err(),
        account_phone_number(&input.phone_number).err(),
        password(&input.password).err(),
    ];
    Ok(checks
        .into_iter()
        .flatten()
        .map(FieldError::from_error)
        .collect())
}

/// One field to check on its own, as a form types it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldInput {
    /// The API field name; see [`VALIDATED_FIELDS`].
    pub field: String,
    /// The text typed (numbers as text).
    #[serde(default)]
    pub value: String,
}

/// The fields [`validate_field`] knows. `userName` is a staff member's; `phoneNumber` is a
/// customer's; `accountPhoneNumber` is the `phoneNumber` of a staff member, admin, super admin or
/// shop, and its error names `phoneNumber`. `description` is a category's, `address` a custom
/// invoice customer's or the shop's: the free text of several lines, as is `receiptFooter`.
pub const VALIDATED_FIELDS: [&str; 21] = [
    "userName",
    "email",
    "phoneNumber",
    "accountPhoneNumber",
    "password",
    "staffId",
    "unit",
    "discountType",
    "month",
    "year",
    "file",
    "categoryName",
    "description",
    "productName",
    "customerName",
    "address",
    "receiptFooter",
    "receiptPaper",
    "openingFloat",
    "countedCash",
    "amount",
];

/// Operation `validateField`: checks one form field by its API name (one of
/// [`VALIDATED_FIELDS`]; `file` is an upload's file name) and returns its failure, if any, as a
/// list of zero or one [`FieldError`]. An unknown field name is an error on `field`.
pub fn validate_field(input: FieldInput) -> CoreResult<Vec<FieldError>> {
    let value = input.value.as_str();
    let result: CoreResult<()> = match input.field.as_str() {
        "userName" => staff_name(value).map(drop),
        "email" => email(value).map(drop),
        "phoneNumber" => phone_number("phoneNumber", value).map(drop),
        "accountPhoneNumber" => account_phone_number(value).map(drop),
        "password" => password(value),
        "staffId" => staff_id(value).map(drop),
        "unit" => Unit::parse(value).map(drop),
        "discountType" => DiscountType::parse(value).map(drop),
        "month" => parse_integer("month", value).and_then(month).map(drop),
        "year" => parse_integer("year", value).and_then(year).map(drop),
        "file" => csv_file_name(Some(value)).map(drop),
        "categoryName" => category_name(value).map(drop),
        "description" => category_description(Some(value)).map(drop),
        "productName" => product_name(value).map(drop),
        "customerName" => customer_name(value).map(drop),
        "address" => address(Some(value)).map(drop),
        "receiptFooter" => receipt_footer(Some(value)).map(drop),
        "receiptPaper" => ReceiptPaper::parse(value).map(drop),
        "openingFloat" | "countedCash" => parse_decimal(&input.field, value)
            .and_then(|amount| money_amount(&input.field, amount).map(drop)),
        "amount" => parse_decimal("amount", value)
            .and_then(cash_movement_amount)
            .map(drop),
        other => {
            return Err(CoreError::invalid(
                "field",
                format!("Cannot validate unknown field \"{other}\""),
            ));
        }
    };
    Ok(result
        .err()
        .into_iter()
        .map(FieldError::from_error)
        .collect())
}

/// A product's reorder level as the product form types it, with the unit it is counted in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReorderLevelInput {
    /// A number or numeric text; absent or `null` (no reorder level) is always valid.
    #[serde(default)]
    pub reorder_level: Option<NumberInput>,
    /// The product's unit: `no` takes whole numbers only.
    pub unit: Unit,
}

/// Operation `validateReorderLevel`: the failure, if any, of a reorder level for its unit, as a
/// list of zero or one [`FieldError`] on `reorderLevel`. The check is the one a product create or
/// edit runs ([`ProductDraft::reorder_level_edit`]), so the form shows the server's own message.
pub fn validate_reorder_level(input: ReorderLevelInput) -> CoreResult<Vec<FieldError>> {
    let draft = ProductDraft {
        reorder_level: input.reorder_level.map(Some),
        ..ProductDraft::default()
    };
    Ok(draft
        .reorder_level_edit(input.unit)
        .err()
        .into_iter()
        .map(FieldError::from_error)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn staff_signup_lists_every_failing_field() {
        let valid = StaffSignupInput {
            user_name: "Aminath1".into(),
            email: "aminath@shop.mv".into(),
            phone_number: "7771234".into(),
            password: "secret123".into(),
        };
        assert_eq!(validate_staff_signup(valid.clone()).unwrap(), vec![]);
        let with_country_code = StaffSignupInput {
            phone_number: "+91 9876543210".into(),
            ..valid
        };
        assert_eq!(validate_staff_signup(with_country_code).unwrap(), vec![]);
        let errors = validate_staff_signup(StaffSignupInput::default()).unwrap();
        let pairs: Vec<(&str, &str)> = errors
            .iter()
            .map(|e| (e.field.as_str(), e.message.as_str()))
            .collect();
        assert_eq!(
            pairs,
            vec![
                ("userName", "Invalid name!"),
                ("email", "Invalid! email id!"),
                ("phoneNumber", "Invalid mobile number!"),
                (
                    "password",
                    "Password must be at least 8 characters long and include at least one number."
                ),
            ]
        );
        let from_json: StaffSignupInput =
            serde_json::from_str(r#"{"userName":"ali","confirmPassword":"x","email":"a@b.co"}"#)
                .unwrap();
        assert_eq!(from_json.user_name, "ali");
        assert_eq!(from_json.phone_number, "");
    }

    #[test]
    fn a_reorder_level_is_checked_for_its_unit() {
        let check = |json: &str| {
            let input: ReorderLevelInput = serde_json::from_str(json).unwrap();
            let errors = validate_reorder_level(input).unwrap();
            errors
                .into_iter()
                .map(|error| (error.field, error.message))
                .collect::<Vec<_>>()
        };
        let one = |message: &str| vec![("reorderLevel".to_owned(), message.to_owned())];
        for valid in [
            r#"{"unit":"no","reorderLevel":"12"}"#,
            r#"{"unit":"no","reorderLevel":"12.000"}"#,
            r#"{"unit":"kg","reorderLevel":"2.5"}"#,
            r#"{"unit":"lt","reorderLevel":0}"#,
            r#"{"unit":"no","reorderLevel":null}"#,
            r#"{"unit":"no"}"#,
        ] {
            assert_eq!(check(valid), vec![], "{valid}");
        }
        assert_eq!(
            check(r#"{"unit":"no","reorderLevel":"2.5"}"#),
            one("Reorder level must be a whole number for unit no")
        );
        assert_eq!(
            check(r#"{"unit":"kg","reorderLevel":"-1"}"#),
            one("Reorder level cannot be negative")
        );
        assert_eq!(
            check(r#"{"unit":"kg","reorderLevel":"1.2345"}"#),
            one("Reorder level can have at most 3 decimal places")
        );
        assert_eq!(
            check(r#"{"unit":"m","reorderLevel":"ten"}"#),
            one("Reorder level must be a number")
        );
        assert_eq!(
            check(r#"{"unit":"m","reorderLevel":"1000001"}"#),
            one("Reorder level must be at most 1000000")
        );
    }

    #[test]
    fn single_fields() {
        let check = |field: &str, value: &str| {
            validate_field(FieldInput {
                field: field.into(),
                value: value.into(),
            })
            .unwrap()
        };
        for (field, good) in [
            ("userName", "ali"),
            ("email", "a@b.co"),
            ("phoneNumber", "7771234"),
            ("accountPhoneNumber", "7771234"),
            ("accountPhoneNumber", "+91 9876543210"),
            ("password", "secret123"),
            ("staffId", "S000001"),
            ("unit", "kg"),
            ("discountType", "flat"),
            ("month", "12"),
            ("year", "2025"),
            ("file", "a.csv"),
            ("categoryName", "Drinks\tcold"),
            ("description", "Cold drinks\r\nand juice"),
            ("productName", "Rice 5kg"),
            ("customerName", "Aisha Ali"),
            ("address", "Flat 2\nMale"),
        ] {
            assert_eq!(check(field, good), vec![], "{field}");
        }
        let one = |field: &str, value: &str| {
            let errors = check(field, value);
            assert_eq!(errors.len(), 1);
            (errors[0].field.clone(), errors[0].message.clone())
        };
        assert_eq!(
            one("unit", "box"),
            ("unit".into(), "Unit must be one of no, kg, lt, m".into())
        );
        assert_eq!(
            one("discountType", "half"),
            (
                "discountType".into(),
                "Discount type must be percentage or flat".into()
            )
        );
        assert_eq!(
            one("month", "13"),
            ("month".into(), "Month must be between 1 and 12".into())
        );
        assert_eq!(
            one("month", "x"),
            ("month".into(), "Month must be a number".into())
        );
        assert_eq!(
            one("year", "1899"),
            ("year".into(), "Year must be between 1900 and 2100".into())
        );
        assert_eq!(
            one("file", ""),
            ("file".into(), "Choose a .csv file to upload".into())
        );
        assert_eq!(
            one("file", "a.txt"),
            ("file".into(), "Only .csv files can be uploaded".into())
        );
        assert_eq!(one("staffId", "S1").0, "staffId");
        assert_eq!(
            one("productName", "Rice\u{1b}[2J"),
            (
                "productName".into(),
                "Product name cannot contain line breaks or control characters".into()
            )
        );
        assert_eq!(
            one("description", "Cold\0"),
            (
                "description".into(),
                "Description cannot contain control characters".into()
            )
        );
        assert_eq!(one("customerName", "Ai\nsha").0, "customerName");
        assert_eq!(one("categoryName", " ").1, "Category name is required");
        assert_eq!(
            one("address", &"a".repeat(201)).1,
            "Address must be at most 200 characters"
        );
        assert_eq!(
            one("accountPhoneNumber", "+91 98765"),
            ("phoneNumber".into(), "Invalid mobile number!".into())
        );
        assert_eq!(
            one("phoneNumber", "9876543210"),
            (
                "phoneNumber".into(),
                "Phone number must be exactly 7 digits".into()
            )
        );
        assert_eq!(
            validate_field(FieldInput {
                field: "colour".into(),
                value: String::new()
            })
            .unwrap_err(),
            CoreError::invalid("field", "Cannot validate unknown field \"colour\"")
        );
    }
}
