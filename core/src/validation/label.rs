//! Field names in words, for messages: `sellingPrice` reads "Selling price".

/// Turns an API field name into words for messages: `sellingPrice -> "Selling price"`,
/// `product_id -> "Product id"`.
pub fn label(field: &str) -> String {
    let mut words = String::with_capacity(field.len() + 4);
    for c in field.chars() {
        if c == '_' {
            words.push(' ');
        } else if c.is_uppercase() && !words.is_empty() {
            words.push(' ');
            words.extend(c.to_lowercase());
        } else {
            words.push(c);
        }
    }
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_read_as_words() {
        assert_eq!(label("sellingPrice"), "Selling price");
        assert_eq!(label("product_id"), "Product id");
        assert_eq!(label("amount"), "Amount");
        assert_eq!(label(""), "");
    }
}
