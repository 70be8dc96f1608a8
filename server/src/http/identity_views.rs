//! The identity shapes of docs/api-identity.md: `Shop` and `User` as answers show them. Built
//! only from rows that hold no password hash, so no answer can leak one.
//!
//! Also the OpenAPI schemas of `Role` and `Permission` (their serialized strings), made here
//! from the same `as_str` the answers use.

use serde::Serialize;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};

use crate::auth::{Permission, Role};
use crate::db::identity::users::User;
use crate::db::shops::Shop;

/// `Shop` of docs/api-identity.md.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Shop)]
pub struct ShopView {
    #[serde(rename = "_id")]
    id: String,
    shop_name: String,
    email: String,
    phone_number: String,
    country_name: String,
    /// ISO 4217, upper case ("MVR").
    currency_code: String,
    /// The IANA time zone the dashboards bucket sales in ("Indian/Maldives").
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

/// `User` of docs/api-identity.md: an admin, a staff member or the super admin. The optional
/// fields are always present, `null` for the super admin (who has no shop and no staff id).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = User)]
pub struct UserView {
    #[serde(rename = "_id")]
    id: String,
    /// `S` and 6 digits ("S000042"); `null` for the super admin.
    #[schema(required = true)]
    staff_id: Option<String>,
    user_name: String,
    email: String,
    phone_number: String,
    role: Role,
    /// SPEC's twelve grants held, in SPEC's order (always empty for the super admin).
    permissions: Vec<Permission>,
    /// The shift grants held: `shift_open_close`, `cash_movement`, `shift_read_all`.
    #[schema(value_type = Vec<String>)]
    shift_permissions: Vec<Permission>,
    /// The stock grants held: `stock_receive`, `stock_count`, `stock_adjust`, `stock_report`.
    #[schema(value_type = Vec<String>)]
    stock_permissions: Vec<Permission>,
    #[schema(required = true)]
    shop_id: Option<String>,
    #[schema(required = true)]
    shop_name: Option<String>,
    #[schema(required = true)]
    currency_code: Option<String>,
}

impl UserView {
    pub fn new(user: User, permissions: Vec<Permission>) -> Self {
        let GrantGroups {
            spec: permissions,
            shifts: shift_permissions,
            stock: stock_permissions,
        } = split_grants(permissions);
        Self {
            id: user.id.to_string(),
            staff_id: user.staff_id,
            user_name: user.user_name,
            email: user.email,
            phone_number: user.phone_number,
            role: user.role,
            permissions,
            shift_permissions,
            stock_permissions,
            shop_id: user.shop_id.map(|id| id.to_string()),
            shop_name: user.shop_name,
            currency_code: user.currency_code,
        }
    }
}

/// A person's grants as the API answers them: SPEC's twelve (`permissions`, what SPEC's client
/// reads) apart from the shift grants (`shiftPermissions`) and the stock grants
/// (`stockPermissions`), each in `Permission::ALL`'s order.
pub struct GrantGroups {
    pub spec: Vec<Permission>,
    pub shifts: Vec<Permission>,
    pub stock: Vec<Permission>,
}

pub fn split_grants(grants: Vec<Permission>) -> GrantGroups {
    let (spec, others): (Vec<_>, Vec<_>) = grants.into_iter().partition(|grant| grant.is_spec());
    let (stock, shifts) = others
        .into_iter()
        .partition(|grant| Permission::STOCK.contains(grant));
    GrantGroups {
        spec,
        shifts,
        stock,
    }
}

/// A string schema allowing exactly `names`.
fn one_of_names(names: impl IntoIterator<Item = &'static str>, what: &str) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(names))
        .description(Some(what))
        .into()
}

impl utoipa::PartialSchema for Role {
    fn schema() -> RefOr<Schema> {
        // A new role fails this match until it is listed here too.
        let _every_role_listed = |role: Role| match role {
            Role::SuperAdmin | Role::Admin | Role::Staff => (),
        };
        let all = [Role::SuperAdmin, Role::Admin, Role::Staff];
        one_of_names(all.map(Role::as_str), "Who the person is")
    }
}

impl utoipa::ToSchema for Role {}

impl utoipa::PartialSchema for Permission {
    fn schema() -> RefOr<Schema> {
        one_of_names(
            Permission::ALL.map(Permission::as_str),
            "A grant: what a staff member may do beyond selling",
        )
    }
}

impl utoipa::ToSchema for Permission {}
