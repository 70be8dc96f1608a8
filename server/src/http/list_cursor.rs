//! The cursors of the paged lists (`list_page`, docs/pagination.md): the last row's sort key,
//! tagged with its list, as unpadded base64url text (RFC 4648 §5) that needs no escaping in a
//! URL. Opaque to clients, but not secret: it holds only a name or a time and an id the caller
//! has just been shown. base64url rather than hex so a cursor never looks like the 64-hex-character
//! session ids and tokens the logs and tests watch for.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

/// The paged lists. Each has its own cursor tag, so one list's cursor is refused by another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum List {
    Products,
    Customers,
    Categories,
    Staff,
    Shops,
    Employees,
    PaidInvoices,
    RefundedInvoices,
    CustomInvoices,
    Shifts,
    Audit,
}

/// How a list is sorted, which says what its cursor holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SortKey {
    /// `lower(name), id`.
    Name,
    /// `id`.
    Id,
    /// A time, newest first, then the higher id.
    Time,
}

impl List {
    fn tag(self) -> &'static str {
        match self {
            Self::Products => "product",
            Self::Customers => "customer",
            Self::Categories => "category",
            Self::Staff => "staff",
            Self::Shops => "shop",
            Self::Employees => "employee",
            Self::PaidInvoices => "paid",
            Self::RefundedInvoices => "refunded",
            Self::CustomInvoices => "custom",
            Self::Shifts => "shift",
            Self::Audit => "audit",
        }
    }

    fn sort_key(self) -> SortKey {
        match self {
            Self::Products | Self::Customers | Self::Categories => SortKey::Name,
            Self::Staff | Self::Shops | Self::Employees => SortKey::Id,
            Self::PaidInvoices
            | Self::RefundedInvoices
            | Self::CustomInvoices
            | Self::Shifts
            | Self::Audit => SortKey::Time,
        }
    }
}

/// Where a page ends: the last row's sort key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cursor {
    /// A list sorted by `lower(name), id`: the name as stored (the database lowers it, so
    /// both backends compare exactly as they sort).
    Named { name: String, id: i64 },
    /// A list sorted by id.
    Id(i64),
    /// A list sorted by a time (unix milliseconds), newest first, then by the higher id.
    Timed { at: i64, id: i64 },
}

impl Cursor {
    pub fn named(name: &str, id: i64) -> Self {
        Self::Named {
            name: name.to_owned(),
            id,
        }
    }

    /// `{tag}:{id}:{name}`, `{tag}:{id}` or `{tag}:{id}:{at}`, in base64url.
    pub fn encode(&self, list: List) -> String {
        let text = match self {
            Self::Named { name, id } => format!("{}:{id}:{name}", list.tag()),
            Self::Id(id) => format!("{}:{id}", list.tag()),
            Self::Timed { at, id } => format!("{}:{id}:{at}", list.tag()),
        };
        base64url(text.as_bytes())
    }

    /// `None` for anything that is not a cursor `encode` made for `list`.
    pub fn decode(list: List, text: &str) -> Option<Self> {
        let text = String::from_utf8(from_base64url(text)?).ok()?;
        let mut parts = text.splitn(3, ':');
        if parts.next()? != list.tag() {
            return None;
        }
        let id_text = parts.next()?;
        // Digits only, as every id the server writes.
        if id_text.is_empty() || !id_text.bytes().all(|byte| byte.is_ascii_digit()) {
            return None;
        }
        let id = id_text.parse().ok()?;
        match (list.sort_key(), parts.next()) {
            // No stored name holds NUL (free text refuses control characters, and PostgreSQL's
            // text cannot hold one), so no cursor the server wrote does either.
            (SortKey::Name, Some(name)) if !name.contains('\0') => Some(Self::named(name, id)),
            (SortKey::Id, None) => Some(Self::Id(id)),
            (SortKey::Time, Some(at)) => Some(Self::Timed { at: time(at)?, id }),
            _ => None,
        }
    }
}

/// A time as [`Cursor::encode`] writes it: an optional `-` and digits, nothing else.
fn time(text: &str) -> Option<i64> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Unpadded base64url: a cursor needs no escaping in a query string.
fn base64url(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

/// `None` for text that `base64url` cannot have written: a character outside the alphabet, a
/// length no byte count gives, or stray bits after the last byte (the engine refuses those, so
/// each cursor has exactly one spelling).
fn from_base64url(text: &str) -> Option<Vec<u8>> {
    URL_SAFE_NO_PAD.decode(text).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_are_unpadded_base64url_with_one_spelling() {
        // RFC 4648 §10's test vectors, padding dropped.
        let vectors = [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, encoded) in vectors {
            assert_eq!(base64url(plain.as_bytes()), encoded);
            assert_eq!(from_base64url(encoded).unwrap(), plain.as_bytes());
        }
        // The two characters that differ from standard base64.
        assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
        for bad in ["Z", "Zh", "Zm9v=", "Zm+v", "Zm/v", "Zm9 "] {
            assert_eq!(from_base64url(bad), None, "{bad}");
        }
    }

    #[test]
    fn cursors_round_trip_only_in_their_own_list() {
        let named = Cursor::named("Ünïcode: a:b", 42);
        let text = named.encode(List::Products);
        assert_eq!(Cursor::decode(List::Products, &text), Some(named.clone()));
        assert_eq!(Cursor::decode(List::Customers, &text), None);
        assert_eq!(Cursor::decode(List::Staff, &text), None);
        let id = Cursor::Id(7);
        let text = id.encode(List::Shops);
        assert_eq!(Cursor::decode(List::Shops, &text), Some(id));
        assert_eq!(Cursor::decode(List::Employees, &text), None);
        // A named list never takes an id-only cursor, nor an id list a named one.
        assert_eq!(
            Cursor::decode(List::Products, &base64url(b"product:7")),
            None
        );
        assert_eq!(Cursor::decode(List::Shops, &base64url(b"shop:7:x")), None);
        // A time cursor holds a time, and only its own invoice list takes it.
        for at in [0, 1_767_225_600_000, -86_400_000] {
            let timed = Cursor::Timed { at, id: 9 };
            let text = timed.encode(List::PaidInvoices);
            assert_eq!(Cursor::decode(List::PaidInvoices, &text), Some(timed));
            assert_eq!(Cursor::decode(List::RefundedInvoices, &text), None);
            assert_eq!(Cursor::decode(List::Products, &text), None);
        }
        for bad in [
            "paid:9",
            "paid:9:",
            "paid:9:x",
            "paid:9:+5",
            "paid:9:1e3",
            "paid:9:-",
        ] {
            assert_eq!(
                Cursor::decode(List::PaidInvoices, &base64url(bad.as_bytes())),
                None,
                "{bad}"
            );
        }
        for bad_id in [
            "product::x",
            "product:-1:x",
            "product:1e3:x",
            "product:99999999999999999999:x",
        ] {
            assert_eq!(
                Cursor::decode(List::Products, &base64url(bad_id.as_bytes())),
                None
            );
        }
    }

    #[test]
    fn a_named_cursor_never_carries_nul_into_a_query() {
        assert_eq!(
            Cursor::decode(List::Products, &base64url(b"product:1:Ri\0ce")),
            None
        );
        // Other text, as stored before names refused control characters, still pages on.
        let tab = Cursor::named("Rice\t5kg\u{1b}", 1);
        assert_eq!(
            Cursor::decode(List::Products, &tab.encode(List::Products)),
            Some(tab)
        );
    }
}
