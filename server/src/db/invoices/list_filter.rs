//! What the invoice lists can be narrowed to (docs/api-sales.md, "Finding an invoice"), and
//! the `WHERE` text that says it. The text holds only this module's own column names and
//! numbered placeholders; every value the caller gave is bound ([`Condition::values`]).

use std::fmt::Write;

/// A customer typed as a caller would: phone digits, or a name fragment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PersonMatch {
    /// Digits the phone number contains.
    Phone(String),
    /// Text the name contains, ignoring case.
    Name(String),
}

/// Who rang the invoice up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StaffMatch {
    /// The user's id.
    UserId(i64),
    /// Text the name they had at the sale contains, ignoring case.
    Name(String),
}

/// One text matched against the invoice's number, its customer and its staff member's name:
/// an invoice matching any of them is listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchMatch {
    /// The invoice number the text names, when it names one.
    pub number: Option<i64>,
    /// The receipt number the text names (`R-000042`), when it names one.
    pub receipt_number: Option<i64>,
    pub customer: PersonMatch,
    /// Text the staff member's name contains, ignoring case.
    pub staff_name: String,
}

/// Every narrowing of one list; `None` narrows nothing. All given ones apply together.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InvoiceFilter {
    /// The list's time (its order: payment, last refund or creation) at or after this moment.
    pub from: Option<i64>,
    /// The list's time before this moment.
    pub until: Option<i64>,
    pub number: Option<i64>,
    pub customer: Option<PersonMatch>,
    pub staff: Option<StaffMatch>,
    /// `cash`, `internal-device` or `digital`.
    pub method: Option<String>,
    /// The total at least this, in cents.
    pub min_total_cents: Option<i64>,
    /// The total at most this, in cents.
    pub max_total_cents: Option<i64>,
    pub search: Option<SearchMatch>,
}

/// A value bound to a placeholder of a [`Condition`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Number(i64),
    Text(String),
}

/// Where a list's customer is kept: sales point at a customer row, custom invoices keep the
/// details typed into them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CustomerColumns {
    Customers,
    TypedIn,
}

/// `AND`-joined conditions with their values, placeholders numbered from `$2` (`$1` is the
/// shop).
#[derive(Debug, Default)]
pub struct Condition {
    text: String,
    values: Vec<Value>,
}

impl Condition {
    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn values(&self) -> &[Value] {
        &self.values
    }

    /// A placeholder for `value`: `$2`, `$3`, ...
    pub fn bind(&mut self, value: Value) -> String {
        self.values.push(value);
        format!("${}", self.values.len() + 1)
    }

    /// Adds ` AND {condition}`.
    pub fn and(&mut self, condition: &str) {
        let _ = write!(self.text, " AND {condition}");
    }

    /// The conditions of `filter` on a list ordered by `time_column`.
    pub fn of_filter(
        filter: &InvoiceFilter,
        time_column: &str,
        customers: CustomerColumns,
    ) -> Self {
        let mut condition = Self::default();
        if let Some(from) = filter.from {
            let at = condition.bind(Value::Number(from));
            condition.and(&format!("{time_column} >= {at}"));
        }
        if let Some(until) = filter.until {
            let at = condition.bind(Value::Number(until));
            condition.and(&format!("{time_column} < {at}"));
        }
        if let Some(number) = filter.number {
            let at = condition.bind(Value::Number(number));
            condition.and(&format!("invoice_number = {at}"));
        }
        if let Some(customer) = &filter.customer {
            let text = condition.customer(customer, customers);
            condition.and(&text);
        }
        if let Some(staff) = &filter.staff {
            let text = match staff {
                StaffMatch::UserId(id) => {
                    format!("staff_user_id = {}", condition.bind(Value::Number(*id)))
                }
                StaffMatch::Name(name) => condition.contains("staff_name", name),
            };
            condition.and(&text);
        }
        if let Some(method) = &filter.method {
            let at = condition.bind(Value::Text(method.clone()));
            condition.and(&format!("payment_method = {at}"));
        }
        if let Some(cents) = filter.min_total_cents {
            let at = condition.bind(Value::Number(cents));
            condition.and(&format!("total_amount_cents >= {at}"));
        }
        if let Some(cents) = filter.max_total_cents {
            let at = condition.bind(Value::Number(cents));
            condition.and(&format!("total_amount_cents <= {at}"));
        }
        if let Some(search) = &filter.search {
            let mut any = Vec::new();
            if let Some(number) = search.number {
                let at = condition.bind(Value::Number(number));
                any.push(format!("invoice_number = {at}"));
            }
            if let Some(number) = search.receipt_number {
                let at = condition.bind(Value::Number(number));
                any.push(format!("receipt_number = {at}"));
            }
            any.push(condition.customer(&search.customer, customers));
            any.push(condition.contains("staff_name", &search.staff_name));
            condition.and(&format!("({})", any.join(" OR ")));
        }
        condition
    }

    /// `column` contains `fragment`, ignoring case. Both sides are lowered by the database, so
    /// a backend compares exactly as it lowers (SQLite's `lower` knows only ASCII letters).
    fn contains(&mut self, column: &str, fragment: &str) -> String {
        let at = self.bind(Value::Text(like_pattern(fragment)));
        format!("lower({column}) LIKE lower({at}) ESCAPE '\\'")
    }

    fn customer(&mut self, person: &PersonMatch, customers: CustomerColumns) -> String {
        let (name, phone) = match customers {
            CustomerColumns::Customers => ("c.customer_name", "c.phone_number"),
            CustomerColumns::TypedIn => ("custom_customer_name", "custom_phone_number"),
        };
        let matched = match person {
            PersonMatch::Phone(digits) => {
                let at = self.bind(Value::Text(like_pattern(digits)));
                format!("{phone} LIKE {at} ESCAPE '\\'")
            }
            PersonMatch::Name(fragment) => self.contains(name, fragment),
        };
        match customers {
            // Customers are only ever marked deleted: a deleted one's sales still match.
            CustomerColumns::Customers => format!(
                "customer_id IN (SELECT c.id FROM customers c WHERE c.shop_id = $1 AND {matched})"
            ),
            CustomerColumns::TypedIn => matched,
        }
    }
}

/// `%fragment%` for `LIKE ... ESCAPE '\'`, the fragment's own `%`, `_` and `\` matched as
/// themselves.
fn like_pattern(fragment: &str) -> String {
    let mut pattern = String::with_capacity(fragment.len() + 2);
    pattern.push('%');
    for character in fragment.chars() {
        if matches!(character, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(character);
    }
    pattern.push('%');
    pattern
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fragment_matches_its_wildcards_as_themselves() {
        assert_eq!(like_pattern("Ali"), "%Ali%");
        assert_eq!(like_pattern("50%_off\\"), "%50\\%\\_off\\\\%");
    }

    #[test]
    fn every_value_is_bound_in_placeholder_order() {
        let filter = InvoiceFilter {
            from: Some(10),
            number: Some(42),
            staff: Some(StaffMatch::Name("ha".to_owned())),
            search: Some(SearchMatch {
                number: None,
                receipt_number: None,
                customer: PersonMatch::Phone("777".to_owned()),
                staff_name: "777".to_owned(),
            }),
            ..InvoiceFilter::default()
        };
        let condition = Condition::of_filter(&filter, "paid_at", CustomerColumns::TypedIn);
        assert_eq!(
            condition.text(),
            " AND paid_at >= $2 AND invoice_number = $3 \
             AND lower(staff_name) LIKE lower($4) ESCAPE '\\' \
             AND (custom_phone_number LIKE $5 ESCAPE '\\' \
             OR lower(staff_name) LIKE lower($6) ESCAPE '\\')"
        );
        assert_eq!(
            condition.values(),
            [
                Value::Number(10),
                Value::Number(42),
                Value::Text("%ha%".to_owned()),
                Value::Text("%777%".to_owned()),
                Value::Text("%777%".to_owned()),
            ]
        );
        assert_eq!(
            Condition::of_filter(
                &InvoiceFilter::default(),
                "paid_at",
                CustomerColumns::Customers
            )
            .text(),
            ""
        );
    }
}
