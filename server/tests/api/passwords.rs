//! Stored passwords are argon2id hashes with OWASP's parameters.

use argon2::Params;
use argon2::password_hash::phc::PasswordHash;

use crate::identity_support::seed;
use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(passwords_are_stored_as_argon2id_with_owasp_parameters);

fn assert_owasp_argon2id(stored: &str) {
    let hash = PasswordHash::new(stored).expect("a PHC string");
    assert_eq!(hash.algorithm.as_str(), "argon2id");
    assert_eq!(hash.version, Some(0x13));
    let params = Params::try_from(&hash).expect("argon2 parameters");
    assert_eq!(
        (params.m_cost(), params.t_cost(), params.p_cost()),
        (19_456, 2, 1)
    );
    assert!(hash.salt.is_some_and(|salt| salt.len() >= 16));
}

async fn passwords_are_stored_as_argon2id_with_owasp_parameters(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let pool = app.db.pool();

    let users: Vec<String> = sqlx::query_scalar("SELECT password_hash FROM users")
        .fetch_all(pool)
        .await
        .unwrap();
    let shop: String = sqlx::query_scalar("SELECT password_hash FROM shops WHERE id = $1")
        .bind(seeded.shop.id)
        .fetch_one(pool)
        .await
        .unwrap();

    assert_eq!(users.len(), 5);
    for stored in users.iter().chain([&shop]) {
        assert_owasp_argon2id(stored);
    }
    // Same password, different salts.
    assert_ne!(users[0], users[4]);
}
