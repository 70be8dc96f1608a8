//! Helpers for the management route tests: signed-in browsers for each role, and a body that
//! passes every rule for a new employee.

use serde_json::{Value, json};

use crate::identity_support::{Browser, Reply, Seeded};
use crate::support::TestApp;

pub async fn super_admin(app: &TestApp) -> Browser {
    let mut browser = Browser::new(app);
    browser.sign_in_super_admin().await.assert_status(200);
    browser
}

pub async fn admin(app: &TestApp) -> Browser {
    let mut browser = Browser::new(app);
    browser.sign_in_shop().await.assert_status(200);
    browser.sign_in_admin().await.assert_status(200);
    browser
}

pub async fn staff(app: &TestApp, seeded: &Seeded) -> Browser {
    let mut browser = Browser::new(app);
    browser.sign_in_shop().await.assert_status(200);
    browser
        .sign_in_staff(seeded.staff_id())
        .await
        .assert_status(200);
    browser
}

pub fn new_employee(name: &str, phone: &str) -> Value {
    json!({
        "userName": name,
        "email": format!("{}@example.com", name.to_lowercase()),
        "phoneNumber": phone,
        "password": "newStaff12",
        "confirmPassword": "newStaff12",
    })
}

/// A reply refused with `status`, in the envelope, never a 5xx.
#[track_caller]
pub fn refused(reply: &Reply, status: u16) {
    reply.assert_status(status);
    assert_eq!(reply.body["success"], false, "{:#}", reply.body);
}

pub fn permissions_of(reply: &Reply) -> Vec<String> {
    reply.data()["permissions"]
        .as_array()
        .expect("permissions")
        .iter()
        .map(|name| name.as_str().unwrap().to_owned())
        .collect()
}
