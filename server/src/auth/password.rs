//! Password hashing: argon2id with OWASP's minimum parameters (19 MiB of memory, 2 passes, 1
//! lane), stored as a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`) that carries its
//! own parameters, so they can be raised later without invalidating stored hashes.
//!
//! Hashing takes tens of milliseconds of CPU and 19 MiB: it runs on the hashing threads
//! (`hashing_threads`: one per core but one, at idle priority, resting between hashes while the
//! machine is busy), so a burst of sign-ins queues instead of exhausting memory and never takes
//! CPU the sales need.

use std::sync::OnceLock;

use argon2::password_hash::Error as HashError;
use argon2::{Algorithm, Argon2, Params, PasswordHasher, PasswordVerifier, Version};
use thiserror::Error;

use super::hashing_threads;

pub const MEMORY_KIB: u32 = 19_456;
pub const ITERATIONS: u32 = 2;
pub const PARALLELISM: u32 = 1;

const PARAMS: Params = match Params::new(MEMORY_KIB, ITERATIONS, PARALLELISM, None) {
    Ok(params) => params,
    Err(_) => panic!("the OWASP argon2id parameters are valid"),
};

/// A hash to verify against when the account does not exist, so a wrong phone number takes as
/// long as a wrong password and response times do not reveal which accounts exist.
static ABSENT_ACCOUNT_HASH: OnceLock<String> = OnceLock::new();

#[derive(Debug, Error)]
#[error("password hashing failed: {0}")]
pub struct PasswordError(String);

fn argon2() -> Argon2<'static> {
    Argon2::new(Algorithm::Argon2id, Version::V0x13, PARAMS)
}

/// The PHC string to store for `password`, with a fresh random salt.
pub async fn hash(password: &str) -> Result<String, PasswordError> {
    let password = password.to_owned();
    run_blocking(move || hash_now(&password)).await?
}

/// Whether `password` matches `stored`. With no stored hash (unknown account) the same work is
/// done against a fixed hash and the answer is `false`.
pub async fn verify(password: &str, stored: Option<String>) -> Result<bool, PasswordError> {
    let password = password.to_owned();
    run_blocking(move || {
        let (hash, exists) = match &stored {
            Some(hash) => (hash.as_str(), true),
            None => (absent_account_hash()?, false),
        };
        match PasswordVerifier::<str>::verify_password(&argon2(), password.as_bytes(), hash) {
            Ok(()) => Ok(exists),
            Err(HashError::PasswordInvalid) => Ok(false),
            // A stored value that is not a PHC string can never match; say so to the operator.
            Err(error) => {
                tracing::error!(%error, "a stored password hash cannot be read");
                Ok(false)
            }
        }
    })
    .await?
}

fn hash_now(password: &str) -> Result<String, PasswordError> {
    argon2()
        .hash_password(password.as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|error| PasswordError(error.to_string()))
}

fn absent_account_hash() -> Result<&'static str, PasswordError> {
    if let Some(hash) = ABSENT_ACCOUNT_HASH.get() {
        return Ok(hash);
    }
    let hash = hash_now("no such account 0")?;
    Ok(ABSENT_ACCOUNT_HASH.get_or_init(|| hash))
}

async fn run_blocking<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, PasswordError> {
    hashing_threads::run(work)
        .await
        .ok_or_else(|| PasswordError("the hashing thread stopped".to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_use_argon2id_with_owasp_parameters_and_verify() {
        let stored = hash("corner shop 1").await.unwrap();
        assert!(
            stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{stored}"
        );
        assert!(verify("corner shop 1", Some(stored.clone())).await.unwrap());
        assert!(!verify("corner shop 2", Some(stored.clone())).await.unwrap());
        assert_ne!(hash("corner shop 1").await.unwrap(), stored, "salted");
    }

    #[tokio::test]
    async fn unknown_accounts_and_unreadable_hashes_never_match() {
        assert!(!verify("no such account 0", None).await.unwrap());
        assert!(
            !verify("x", Some("$argon2id$placeholder".into()))
                .await
                .unwrap()
        );
    }
}
