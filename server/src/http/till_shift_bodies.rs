//! The request bodies of the till's shift routes (docs/api-shifts.md) and their validation into
//! `sales::shifts` values. Numbers may arrive as numbers or numeric strings (`NumberInput`);
//! unknown fields are ignored; every refusal is a 400 naming the field.

use pos_core::validation::{self, NumberInput, money_amount};
use rust_decimal::Decimal;
use serde::Deserialize;

use super::ApiError;
use super::shift_views::StoredDenomination;
use super::till_bodies::BAD_SHIFT_REF;
use crate::db::shifts::kind;
use crate::db::support::scaled::{CENTS, to_scaled};
use crate::db::support::till_refs::parse_ref;
use crate::sales::shifts::{Close, Movement, Opening};

pub const BAD_DEVICE: &str = "Device code must be 4 hex digits like 7F3A (\"\" for the web till)";
pub const BAD_KIND: &str = "Kind must be payIn or payOut";
/// The longest reason of a cash movement.
pub const REASON_MAX_CHARS: usize = 200;
/// The most denominations one count may list.
pub const MAX_DENOMINATIONS: usize = 50;
/// The most notes or coins of one value a count may hold.
pub const MAX_COUNT: i64 = 1_000_000;

fn bad(message: impl Into<String>) -> ApiError {
    ApiError::BadRequest(message.into())
}

/// The path's shift ref as stored (lower-case), or 400.
pub fn shift_ref(raw: &str) -> Result<String, ApiError> {
    parse_ref(raw).ok_or_else(|| bad(BAD_SHIFT_REF))
}

/// A device code as stored: 4 hex digits in upper case, or '' for the shop's web till.
pub fn device_code(raw: &str) -> Result<String, ApiError> {
    let code = raw.trim().to_ascii_uppercase();
    let shaped =
        code.is_empty() || (code.len() == 4 && code.chars().all(|c| c.is_ascii_hexdigit()));
    shaped.then_some(code).ok_or_else(|| bad(BAD_DEVICE))
}

/// A till's time (milliseconds since the epoch); absent or blank: `now`.
fn time(input: Option<&NumberInput>, field: &str, now: i64) -> Result<i64, ApiError> {
    match input {
        Some(time) if !time.as_str().trim().is_empty() => {
            let at = time.integer(field)?;
            if at < 0 {
                return Err(bad(format!("{field} must be a time in milliseconds")));
            }
            Ok(at)
        }
        _ => Ok(now),
    }
}

fn cents(amount: Decimal) -> Result<i64, ApiError> {
    to_scaled(amount, CENTS).map_err(|_| bad("The amount is too large"))
}

/// `PUT /till/shifts/{ref}`: the shift the till opens.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TillShiftOpening)]
pub struct OpenBody {
    /// The till's 4 hex digits, as its provisional numbers start (`7F3A`); "" for the shop's
    /// web till. Required.
    #[schema(required = true, pattern = r"^\s*([0-9A-Fa-f]{4})?\s*$")]
    device_code: Option<String>,
    /// The cash in the drawer at the start, 0 or more, 2 decimals at most. Required.
    #[schema(required = true)]
    opening_float: Option<NumberInput>,
    /// When the till opened it (milliseconds since the epoch). Absent: the server's time.
    #[serde(default)]
    opened_at: Option<NumberInput>,
    /// The number the till showed for it: "" or the device code, a dash and 4 to 12 digits
    /// (`7F3A-0003`).
    #[serde(default)]
    #[schema(pattern = r"^\s*([0-9A-Fa-f]{4}-[0-9]{4,12})?\s*$")]
    provisional_number: Option<String>,
}

impl OpenBody {
    pub fn opening(self, client_ref: String, now: i64) -> Result<Opening, ApiError> {
        let device_code = match self.device_code {
            Some(code) => device_code(&code)?,
            None => return Err(bad("Device code is required (\"\" for the web till)")),
        };
        let float = self
            .opening_float
            .ok_or_else(|| bad("Opening float is required"))?;
        let float = money_amount("openingFloat", float.decimal("openingFloat")?)?;
        let opened_at = time(self.opened_at.as_ref(), "openedAt", now)?;
        let provisional_number = self
            .provisional_number
            .as_deref()
            .map(str::trim)
            .unwrap_or("")
            .to_ascii_uppercase();
        if !provisional_number.is_empty() {
            let shaped = provisional_number
                .split_once('-')
                .is_some_and(|(device, count)| {
                    device == device_code
                        && (4..=12).contains(&count.len())
                        && count.chars().all(|c| c.is_ascii_digit())
                });
            if !shaped {
                return Err(bad(
                    "Provisional number must be the device code, a dash and 4 to 12 digits (7F3A-0003)",
                ));
            }
        }
        Ok(Opening {
            client_ref,
            device_code,
            opening_float_cents: cents(float)?,
            opened_at,
            provisional_number,
        })
    }
}

/// `POST /till/shifts/{ref}/movements`: cash paid into or out of the drawer.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TillCashMovement)]
pub struct MovementBody {
    /// The movement's UUID, chosen by the till. Required.
    #[serde(rename = "ref")]
    #[schema(
        required = true,
        pattern = r"^\s*[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\s*$"
    )]
    client_ref: Option<String>,
    /// `payIn` (cash put in) or `payOut` (cash taken out). Required.
    #[schema(required = true, schema_with = movement_kind)]
    kind: Option<String>,
    /// Above 0, 2 decimals at most. Required.
    #[schema(required = true)]
    amount: Option<NumberInput>,
    /// Why (`Change from the bank`), at most 200 characters. Required.
    #[schema(required = true, max_length = 200)]
    reason: Option<String>,
    /// When (milliseconds since the epoch). Absent: the server's time.
    #[serde(default)]
    at: Option<NumberInput>,
}

fn movement_kind() -> utoipa::openapi::schema::Schema {
    utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .enum_values(Some(["payIn", "payOut"]))
        .description(Some("payIn (cash put in) or payOut (cash taken out)"))
        .into()
}

impl MovementBody {
    pub fn movement(self, now: i64) -> Result<Movement, ApiError> {
        let client_ref = match self.client_ref.as_deref().map(str::trim) {
            None | Some("") => return Err(bad("Ref is required")),
            Some(text) => parse_ref(text).ok_or_else(|| bad("Ref must be a UUID"))?,
        };
        let kind = match self.kind.as_deref().map(str::trim) {
            Some("payIn") => kind::PAY_IN,
            Some("payOut") => kind::PAY_OUT,
            _ => return Err(bad(BAD_KIND)),
        };
        let amount = self.amount.ok_or_else(|| bad("Amount is required"))?;
        let amount = validation::cash_movement_amount(amount.decimal("amount")?)?;
        let reason = validation::required_text(
            "reason",
            self.reason.as_deref().unwrap_or(""),
            REASON_MAX_CHARS,
        )?;
        Ok(Movement {
            client_ref,
            kind,
            amount_cents: cents(amount)?,
            reason,
            moved_at: time(self.at.as_ref(), "at", now)?,
        })
    }
}

/// `POST /till/shifts/{ref}/close`: the cash counted, as a total or by note and coin.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TillShiftClose)]
pub struct CloseBody {
    /// When the till closed it (milliseconds since the epoch). Absent: the server's time.
    #[serde(default)]
    closed_at: Option<NumberInput>,
    /// The cash counted, 0 or more; or `denominations` instead.
    #[serde(default)]
    counted_cash: Option<NumberInput>,
    /// The count by note and coin, at most 50 values; or `countedCash` instead.
    #[serde(default)]
    #[schema(max_items = 50)]
    denominations: Option<Vec<DenominationBody>>,
}

/// A note or coin and how many of it were counted.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TillDenomination)]
pub struct DenominationBody {
    /// The value of one (`20`, `0.50`): above 0, 2 decimals at most.
    value: NumberInput,
    /// How many: a whole number from 0 to 1000000.
    count: NumberInput,
}

impl CloseBody {
    pub fn close(self, now: i64) -> Result<Close, ApiError> {
        let closed_at = time(self.closed_at.as_ref(), "closedAt", now)?;
        let (counted_cash_cents, counted_denominations) =
            match (self.counted_cash, self.denominations) {
                (Some(cash), None) => {
                    let cash = money_amount("countedCash", cash.decimal("countedCash")?)?;
                    (cents(cash)?, None)
                }
                (None, Some(denominations)) => counted(denominations)?,
                (Some(_), Some(_)) => {
                    return Err(bad("Send either countedCash or denominations, not both"));
                }
                (None, None) => {
                    return Err(bad(
                        "Counted cash is required (or denominations, to count by note and coin)",
                    ));
                }
            };
        Ok(Close {
            closed_at,
            counted_cash_cents,
            counted_denominations,
        })
    }
}

/// The total of a count by note and coin, and the count as stored (JSON text).
fn counted(denominations: Vec<DenominationBody>) -> Result<(i64, Option<String>), ApiError> {
    if denominations.is_empty() {
        return Err(bad("Denominations must list at least one value"));
    }
    if denominations.len() > MAX_DENOMINATIONS {
        return Err(bad(format!(
            "Denominations can list at most {MAX_DENOMINATIONS} values"
        )));
    }
    let mut total: i64 = 0;
    let mut stored = Vec::with_capacity(denominations.len());
    for (index, row) in denominations.into_iter().enumerate() {
        let field = format!("denominations[{index}]");
        let value = money_amount("value", row.value.decimal("value")?)
            .map_err(|error| bad(format!("{field}: {}", error.message())))?;
        if value.is_zero() {
            return Err(bad(format!("{field}: Value must be more than 0")));
        }
        let count = row
            .count
            .integer("count")
            .ok()
            .filter(|count| (0..=MAX_COUNT).contains(count))
            .ok_or_else(|| {
                bad(format!(
                    "{field}: Count must be a whole number from 0 to {MAX_COUNT}"
                ))
            })?;
        if stored
            .iter()
            .any(|seen: &StoredDenomination| seen.value == value.to_string())
        {
            return Err(bad(format!("{field}: Value {value} is listed twice")));
        }
        let line = cents(value)?
            .checked_mul(count)
            .and_then(|line| total.checked_add(line))
            .ok_or_else(|| bad("The amount is too large"))?;
        total = line;
        stored.push(StoredDenomination {
            value: value.to_string(),
            count,
        });
    }
    let text = serde_json::to_string(&stored).map_err(ApiError::internal)?;
    Ok((total, Some(text)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn device_codes_are_four_hex_digits_or_none() {
        assert_eq!(device_code(" 7f3a ").unwrap(), "7F3A");
        assert_eq!(device_code("").unwrap(), "");
        for bad in ["7F3", "7F3AB", "7G3A", "7F-A"] {
            assert!(device_code(bad).is_err(), "{bad}");
        }
    }
}
