//! Secret random tokens (session ids now, password reset tokens later): 256 bits from the
//! operating system, carried as 64 lower-case hex characters. The database keeps only the
//! SHA-256 of the text, so reading the table does not let anyone sign in.

use std::fmt::{self, Write};

use sha2::{Digest, Sha256};

const TOKEN_BYTES: usize = 32;
const TOKEN_HEX_CHARS: usize = TOKEN_BYTES * 2;

#[derive(Clone, PartialEq, Eq)]
pub struct SecretToken(String);

impl SecretToken {
    pub fn generate() -> Result<Self, getrandom::Error> {
        let mut bytes = [0_u8; TOKEN_BYTES];
        getrandom::fill(&mut bytes)?;
        Ok(Self(hex(&bytes)))
    }

    /// A token as a client sent it back; anything not shaped like one is refused before any
    /// database lookup.
    pub fn parse(text: &str) -> Option<Self> {
        let shaped = text.len() == TOKEN_HEX_CHARS
            && text
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        shaped.then(|| Self(text.to_owned()))
    }

    /// What the client holds (cookie value, reset link segment).
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What the database holds: SHA-256 of the token text, hex.
    pub fn digest(&self) -> String {
        hex(&Sha256::digest(self.0.as_bytes()))
    }
}

impl fmt::Debug for SecretToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SecretToken(***)")
    }
}

fn hex(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        // Writing to a String cannot fail.
        let _ = write!(text, "{byte:02x}");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_256_random_bits_in_hex() {
        let first = SecretToken::generate().unwrap();
        let second = SecretToken::generate().unwrap();
        assert_ne!(first, second);
        assert_eq!(first.as_str().len(), 64);
        assert_eq!(SecretToken::parse(first.as_str()), Some(first.clone()));
        assert!(!format!("{first:?}").contains(first.as_str()));
    }

    #[test]
    fn the_digest_is_sha256_of_the_text() {
        let token = SecretToken::parse(&"ab".repeat(32)).unwrap();
        // printf 'abab...' (64 characters) | sha256sum
        assert_eq!(
            token.digest(),
            "271a413bd339c5709fdceaec41f14f11e9fbfb5042d72d331c65f32b284cd09a"
        );
    }

    #[test]
    fn malformed_tokens_are_refused() {
        for bad in [
            "",
            "abc",
            &"AB".repeat(32),
            &"g".repeat(64),
            &"a".repeat(65),
        ] {
            assert_eq!(SecretToken::parse(bad), None, "{bad}");
        }
    }
}
