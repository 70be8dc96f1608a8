//! Client refs (migrations/*/0008_till_sync.sql): the UUID naming an invoice (every invoice has
//! one) or a customer a till created. A till chooses its own; the server makes one for an
//! invoice created by any other route. Stored lower-case, 8-4-4-4-12 hex.

use crate::db::invariant;

/// A new random (version 4) UUID, lower-case.
pub fn new_ref() -> Result<String, sqlx::Error> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|error| invariant(format!("no random bytes for a ref: {error}")))?;
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|byte| format!("{byte:02x}")).collect();
    Ok(format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    ))
}

/// `text` as a stored ref (lower-case) when it is a UUID (8-4-4-4-12 hex digits, any case,
/// any version); `None` otherwise.
pub fn parse_ref(text: &str) -> Option<String> {
    let groups: Vec<&str> = text.split('-').collect();
    let shaped = groups.len() == 5
        && groups.iter().zip([8, 4, 4, 4, 12]).all(|(group, length)| {
            group.len() == length && group.chars().all(|c| c.is_ascii_hexdigit())
        });
    shaped.then(|| text.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_refs_are_lower_case_version_4_uuids() {
        let made = new_ref().unwrap();
        assert_eq!(parse_ref(&made).as_deref(), Some(made.as_str()));
        assert_eq!(&made[14..15], "4");
        assert!("89ab".contains(&made[19..20]));
        assert_ne!(made, new_ref().unwrap());
    }

    #[test]
    fn refs_are_uuids_in_any_case() {
        assert_eq!(
            parse_ref("0B9F6C2E-1A2B-4C3D-8E4F-001122AABBCC").as_deref(),
            Some("0b9f6c2e-1a2b-4c3d-8e4f-001122aabbcc")
        );
        for bad in [
            "",
            "12",
            "0b9f6c2e1a2b4c3d8e4f001122aabbcc",
            "0b9f6c2e-1a2b-4c3d-8e4f-001122aabbc",
            "0b9f6c2e-1a2b-4c3d-8e4f-001122aabbcg",
            "0b9f6c2e-1a2b-4c3d-8e4f-001122aabbcc-",
            " 0b9f6c2e-1a2b-4c3d-8e4f-001122aabbcc",
        ] {
            assert_eq!(parse_ref(bad), None, "{bad:?}");
        }
    }
}
