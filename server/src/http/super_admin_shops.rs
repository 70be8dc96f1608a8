//! The super admin's shops: list, create, update, and reset a shop's password.
//! `countryName` is stored with its first letter capitalised, `currencyCode` upper-cased
//! (core's `CurrencyCode`).

use axum::extract::{Path, State};
use pos_core::money::CurrencyCode;
use pos_core::validation;
use serde::Deserialize;

use super::identity_views::ShopView;
use super::json::{ApiJson, text_or_number};
use super::list_page::{Cursor, List, ListPage, PageQuery, Paged};
use super::openapi::{Answer, Failure, Invalid, Nothing, Refused};
use super::people::{self, PasswordBody, account_phone_number_schema};
use super::route_table::route_table;
use super::{ApiError, AppState, Success};
use crate::accounts::{self, NewShopAccount};
use crate::dashboard::rebuild;
use crate::db;
use crate::db::shops::ShopChanges;
use crate::http::session_extract::{ClientIp, SuperAdminSession};
use crate::password_changes::{self, ChangedBy, Owner};

/// Longest shop name; enough for any sign, short enough for a receipt header.
const SHOP_NAME_MAX_CHARS: usize = 60;
/// The longest country name in common use has 56 characters.
const COUNTRY_NAME_MAX_CHARS: usize = 60;
// The bodies' `#[schema(max_length = 60)]` must be literals: they follow these.
const _: () = assert!(SHOP_NAME_MAX_CHARS == 60 && COUNTRY_NAME_MAX_CHARS == 60);
/// A shop's time zone when its creation names none (the super admin can change it later).
const DEFAULT_TIME_ZONE: &str = "UTC";

route_table! {
    // method path => handler, who may call it
    get   "/super-admin/shops"           => list,           super_admin;
    post  "/super-admin/shops"           => create,         super_admin;
    put   "/super-admin/shops/{shop_id}" => update,         super_admin;
    patch "/super-admin/shops/{shop_id}" => reset_password, super_admin;
}

/// A new shop and its sign-in.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct CreateShop {
    #[schema(max_length = 60)]
    shop_name: String,
    /// The shop's sign-in; unique among shops (any case).
    #[schema(schema_with = pos_core::validation::email_schema)]
    email: String,
    /// Stored with its first letter capitalised.
    #[schema(max_length = 60)]
    country_name: String,
    /// 3 letters, any case ("mvr" is stored as "MVR").
    #[schema(pattern = r"^\s*[A-Za-z]{3}\s*$")]
    currency_code: String,
    /// At least 8 characters with at least one digit.
    #[schema(min_length = 8, max_length = 128, pattern = "[0-9]")]
    password: String,
    #[serde(deserialize_with = "text_or_number")]
    #[schema(schema_with = account_phone_number_schema)]
    phone_number: String,
    /// Not in SPEC's payload: the shop's IANA time zone ("Indian/Maldives"; UTC when absent).
    #[serde(default)]
    time_zone: Option<String>,
}

/// A shop's new details (its phone number and password are not changed here).
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct UpdateShop {
    #[schema(max_length = 60)]
    shop_name: String,
    /// Unique among shops (any case).
    #[schema(schema_with = pos_core::validation::email_schema)]
    email: String,
    /// Stored with its first letter capitalised.
    #[schema(max_length = 60)]
    country_name: String,
    /// 3 letters, any case.
    #[schema(pattern = r"^\s*[A-Za-z]{3}\s*$")]
    currency_code: String,
    /// Not in SPEC's payload: the shop's IANA time zone, which the dashboards bucket sales in.
    /// Left as it is when absent; a new zone re-buckets the shop's past sales.
    #[serde(default)]
    time_zone: Option<String>,
}

/// Name, email, country and currency as stored: trimmed, lower-case email, capitalised
/// country, upper-case currency.
struct ShopFields {
    shop_name: String,
    email: String,
    country_name: String,
    currency_code: CurrencyCode,
}

fn check(
    shop_name: &str,
    email: &str,
    country: &str,
    currency: &str,
) -> Result<ShopFields, ApiError> {
    let shop_name = validation::required_text("shopName", shop_name, SHOP_NAME_MAX_CHARS)?;
    let email = validation::email(email)?.to_lowercase();
    let country = validation::required_text("countryName", country, COUNTRY_NAME_MAX_CHARS)?;
    let mut letters = country.chars();
    let country_name = match letters.next() {
        Some(first) => first.to_uppercase().chain(letters).collect(),
        None => country,
    };
    Ok(ShopFields {
        shop_name,
        email,
        country_name,
        currency_code: CurrencyCode::parse(currency)?,
    })
}

/// List every shop.
///
/// All shops, for the super admin, oldest first. One page of up to `limit` shops; `Link` names
/// the next page while more follow.
#[utoipa::path(
    get,
    path = route::list,
    operation_id = "listShops",
    tag = "shops",
    params(PageQuery),
    security(("superAdminSession" = [])),
    responses(
        (status = 200, description = "A page of the shops", body = Answer<Vec<ShopView>>,
            headers(("Link" = String, description = "`<...>; rel=\"next\"`: the next page, while more rows follow (docs/pagination.md)"))),
        Invalid,
        Refused,
    )
)]
async fn list(
    State(state): State<AppState>,
    _session: SuperAdminSession,
    page: ListPage,
) -> Result<Paged<ShopView>, ApiError> {
    let page = page.of(List::Shops)?;
    let shops = db::shops::list(
        state.db.pool(),
        page.after_id().unwrap_or(0),
        page.fetch_limit(),
    )
    .await?;
    let (shops, next) = page.cut(shops, |shop| Cursor::Id(shop.id));
    Ok(Paged::new(
        Success::ok("Shops", shops.into_iter().map(ShopView::from).collect()),
        next,
    ))
}

/// Add a shop.
///
/// Creates a shop with its sign-in email and password. The email must not belong to another
/// shop (409); an unknown currency code or time zone is refused (400).
#[utoipa::path(
    post,
    path = route::create,
    operation_id = "createShop",
    tag = "shops",
    security(("superAdminSession" = [])),
    request_body = CreateShop,
    responses(
        (status = 201, description = "The shop as stored", body = Answer<ShopView>),
        Invalid,
        Refused,
        (status = 409, description = "Another shop has this email", body = Failure),
    )
)]
async fn create(
    State(state): State<AppState>,
    _session: SuperAdminSession,
    ApiJson(body): ApiJson<CreateShop>,
) -> Result<Success<ShopView>, ApiError> {
    let fields = check(
        &body.shop_name,
        &body.email,
        &body.country_name,
        &body.currency_code,
    )?;
    let phone_number = validation::account_phone_number(&body.phone_number)?;
    let time_zone = body.time_zone.as_deref().map(checked_zone).transpose()?;
    let shop = NewShopAccount {
        shop_name: &fields.shop_name,
        email: &fields.email,
        phone_number: &phone_number,
        country_name: &fields.country_name,
        currency_code: fields.currency_code.as_str(),
        time_zone: time_zone.as_deref().unwrap_or(DEFAULT_TIME_ZONE),
        password: &body.password,
    };
    let created = accounts::create_shop(&state.db, state.clock.now_millis(), shop).await?;
    tracing::info!(shop_id = created.id, "shop created");
    Ok(Success::created("Shop created", ShopView::from(created)))
}

/// Edit a shop.
///
/// Replaces the shop's name, email, country and currency, and its time zone when one is sent
/// (the dashboards are then rebuilt in the new zone). The email must not belong to another
/// shop (409).
#[utoipa::path(
    put,
    path = route::update,
    operation_id = "updateShop",
    tag = "shops",
    params(("shop_id" = String, Path, description = "The shop's `_id`")),
    security(("superAdminSession" = [])),
    request_body = UpdateShop,
    responses(
        (status = 200, description = "The shop as stored", body = Answer<ShopView>),
        Invalid,
        Refused,
        (status = 404, description = "No such shop", body = Failure),
        (status = 409, description = "Another shop has this email", body = Failure),
    )
)]
async fn update(
    State(state): State<AppState>,
    _session: SuperAdminSession,
    Path(shop_id): Path<String>,
    ApiJson(body): ApiJson<UpdateShop>,
) -> Result<Success<ShopView>, ApiError> {
    let shop_id = people::shop_id(&shop_id)?;
    let fields = check(
        &body.shop_name,
        &body.email,
        &body.country_name,
        &body.currency_code,
    )?;
    let new_zone = body.time_zone.as_deref().map(checked_zone).transpose()?;
    let not_found = || ApiError::NotFound(people::SHOP_NOT_FOUND.to_owned());
    let mut tx = state.db.writer().begin().await?;
    let current = db::shops::find(&mut *tx, shop_id)
        .await?
        .ok_or_else(not_found)?;
    let time_zone = new_zone.unwrap_or_else(|| current.time_zone.clone());
    let changes = ShopChanges {
        shop_name: &fields.shop_name,
        email: &fields.email,
        country_name: &fields.country_name,
        currency_code: fields.currency_code.as_str(),
        time_zone: &time_zone,
    };
    let now = state.clock.now_millis();
    if time_zone != current.time_zone {
        // The rebuild below takes it anyway; taken before the shop row's lock, as every writer
        // of the shop's syncable rows and roll-ups takes it first (dashboard::rebuild).
        db::sync::claim(&mut *tx, shop_id).await?;
    }
    let updated = db::shops::update(&mut *tx, shop_id, &changes, now)
        .await
        .map_err(accounts::duplicate_shop)?
        .ok_or_else(not_found)?;
    if time_zone != current.time_zone {
        // The charts bucket by local date: a new zone moves sales between days.
        let counts = rebuild::rebuild(&mut tx, shop_id, &time_zone).await?;
        tracing::info!(shop_id, %time_zone, day_rows = counts.day_rows, "shop time zone changed");
    }
    tx.commit().await?;
    Ok(Success::ok("Shop updated", ShopView::from(updated)))
}

/// A zone name pos_core knows, trimmed (400 naming `timeZone` otherwise).
fn checked_zone(name: &str) -> Result<String, ApiError> {
    pos_core::dashboard::time_zone(name)?;
    Ok(name.trim().to_owned())
}

/// Set a shop's password.
///
/// The new password must have at least 8 characters and a digit. Also signs out every till of
/// the shop (and the people on them).
#[utoipa::path(
    patch,
    path = route::reset_password,
    operation_id = "resetShopPassword",
    tag = "shops",
    params(("shop_id" = String, Path, description = "The shop's `_id`")),
    security(("superAdminSession" = [])),
    request_body = PasswordBody,
    responses(
        (status = 200, description = "Password changed", body = Answer<Nothing>),
        Invalid,
        Refused,
        (status = 404, description = "No such shop", body = Failure),
    )
)]
async fn reset_password(
    State(state): State<AppState>,
    session: SuperAdminSession,
    ClientIp(ip): ClientIp,
    Path(shop_id): Path<String>,
    ApiJson(body): ApiJson<PasswordBody>,
) -> Result<Success<()>, ApiError> {
    let shop_id = people::shop_id(&shop_id)?;
    let by = ChangedBy {
        actor: format!("super admin {}", session.user.id),
        ip,
    };
    let now = state.clock.now_millis();
    if !password_changes::set(&state.db, now, Owner::Shop(shop_id), &body.password, &by).await? {
        return Err(ApiError::NotFound(people::SHOP_NOT_FOUND.to_owned()));
    }
    Ok(Success::ok("Password reset successfully", ()))
}
