//! The identity shapes of docs/api-identity.md: `Shop` and `User` as answers show them. Built
//! only from rows that hold no password hash, so no answer can leak one.

use serde::Serialize;

use crate::auth::{Permission, Role};
use crate::db::shops::Shop;
use crate::db::users::User;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ShopView {
    #[serde(rename = "_id")]
    id: String,
    shop_name: String,
    email: String,
    phone_number: String,
    country_name: String,
    currency_code: String,
    time_zone: String,
}

impl From<Shop> for ShopView {
    fn from(shop: Shop) -> Self {
        Self {
            id: shop.id.to_string(),
            shop_name: shop.shop_name,
            email: shop.email,
            phone_number: shop.phone_number,
            country_name: shop.country_name,
            currency_code: shop.currency_code,
            time_zone: shop.time_zone,
        }
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    #[serde(rename = "_id")]
    id: String,
    staff_id: Option<String>,
    user_name: String,
    email: String,
    phone_number: String,
    role: Role,
    permissions: Vec<Permission>,
    shop_id: Option<String>,
    shop_name: Option<String>,
    currency_code: Option<String>,
}

impl UserView {
    pub fn new(user: User, permissions: Vec<Permission>) -> Self {
        Self {
            id: user.id.to_string(),
            staff_id: user.staff_id,
            user_name: user.user_name,
            email: user.email,
            phone_number: user.phone_number,
            role: user.role,
            permissions,
            shop_id: user.shop_id.map(|id| id.to_string()),
            shop_name: user.shop_name,
            currency_code: user.currency_code,
        }
    }
}
