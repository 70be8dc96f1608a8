//! Session cookies: HttpOnly, SameSite=Lax, Path=/, Secure behind https; random ids of which
//! the database keeps only a digest.

use pos_server::auth::SecretToken;

use crate::identity_support::{Browser, seed};
use crate::support::{Backend, Options, on_both_backends, spawn_app, spawn_app_with};

on_both_backends!(
    session_cookies_are_http_only_lax_and_site_wide,
    cookies_are_secure_when_the_public_url_is_https,
    the_database_keeps_only_a_digest_of_each_session_id,
);

async fn session_cookies_are_http_only_lax_and_site_wide(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let mut till = Browser::new(&app);

    let shop = till.sign_in_shop().await;
    let admin = till.sign_in_admin().await;
    let mut super_admin = Browser::new(&app);
    let chief = super_admin.sign_in_super_admin().await;

    for (reply, name) in [
        (&shop, "pos_shop"),
        (&admin, "pos_user"),
        (&chief, "pos_super_admin"),
    ] {
        let cookie = reply.set_cookie(name).expect("the session cookie is set");
        let value = &cookie[name.len() + 1..cookie.find(';').unwrap()];
        assert_eq!(value.len(), 64, "256 bits in hex: {cookie}");
        for flag in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=604800"] {
            assert!(cookie.contains(flag), "{flag} in {cookie}");
        }
        assert!(
            !cookie.contains("Secure"),
            "plain http on localhost: {cookie}"
        );
    }
    let cleared = till.post_empty("/admin/logout").await;
    let cookie = cleared.set_cookie("pos_user").unwrap();
    assert!(
        cookie.starts_with("pos_user=;") && cookie.contains("Max-Age=0"),
        "{cookie}"
    );
}

async fn cookies_are_secure_when_the_public_url_is_https(backend: Backend) {
    let options = Options::with_vars(&[("POS_PUBLIC_URL", "https://pos.example.com")]);
    let app = spawn_app_with(backend, options).await;
    seed(&app).await;
    let mut till = Browser::new(&app);
    let mut chief = Browser::new(&app);

    // Every sign-in's cookie, with all the flags of plain http plus Secure.
    for (reply, name) in [
        (till.sign_in_shop().await, "pos_shop"),
        (till.sign_in_admin().await, "pos_user"),
        (chief.sign_in_super_admin().await, "pos_super_admin"),
    ] {
        let cookie = reply.set_cookie(name).expect("the session cookie is set");
        for flag in ["HttpOnly", "SameSite=Lax", "Path=/", "Secure"] {
            assert!(
                cookie.split("; ").any(|part| part == flag),
                "{flag} in {cookie}"
            );
        }
    }
    let cleared = till
        .post_empty("/shop/logout")
        .await
        .set_cookie("pos_shop")
        .unwrap();
    assert!(cleared.ends_with("; Secure"), "{cleared}");
}

async fn the_database_keeps_only_a_digest_of_each_session_id(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let mut till = Browser::new(&app);
    till.sign_in_shop().await.assert_status(200);
    let token = SecretToken::parse(&till.cookies["pos_shop"]).unwrap();

    let stored: Vec<String> = sqlx::query_scalar("SELECT id_hash FROM sessions")
        .fetch_all(app.db.pool())
        .await
        .unwrap();

    assert_eq!(stored, vec![token.digest()]);
    assert_ne!(stored[0], token.as_str());
}
