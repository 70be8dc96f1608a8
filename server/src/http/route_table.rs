//! An area's routes as one table, read top to bottom: method, path, handler and who may call
//! it. `route_table!` writes the area's router from the table, a `route` module with each
//! route's path (`#[utoipa::path(get, path = route::list, ...)]` takes it from there, so the
//! OpenAPI document's paths are the table's), a `scope` module with the scope a user session
//! needs (`security(("userSession" = [scope::list]))`), and `ROUTES`, the table as data, which
//! `tests/api/route_table.rs` holds against the OpenAPI document.
//!
//! ```text
//! route_table! {
//!     // method  path                 handler    who may call it
//!     get    "/categories"        => list,   grant "category_read";
//!     post   "/categories"        => create, grant "category_create";
//!     put    "/categories/{id}"   => update, grant "category_update";
//! }
//! ```
//!
//! Who may call a route, as its `security` in the OpenAPI document says:
//! `anyone` (no session), `till` (the till's shop session), `shop_user` (any admin or staff
//! session), `admin`, `staff`, `grant "product_create"` (an admin, or staff granted it) and
//! `super_admin`.
//!
//! The table writes `pub fn router()`; `fn name;` as its first line names the function instead,
//! for an area that adds layers around its routes. Each row is registered on its own: two rows
//! on one path share it, because axum merges the method routers of one path and utoipa-axum
//! the operations of one path item.

/// The OpenAPI security schemes a caller signs in with (the document declares them,
/// `openapi.rs`): the till's shop session, an admin or staff session, the super admin's.
pub const SHOP_SESSION: &str = "shopSession";
pub const USER_SESSION: &str = "userSession";
pub const SUPER_ADMIN_SESSION: &str = "superAdminSession";

/// One route of an area's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RouteRow {
    /// The HTTP method in lower case, as the OpenAPI document's path items name it (`get`).
    pub method: &'static str,
    /// The path under `/api/v1`, with `{name}` parameters.
    pub path: &'static str,
    /// The handler, from the area's module (`list`, `carts::show`).
    pub handler: &'static str,
    pub caller: Caller,
}

/// Who may call a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caller {
    /// No session.
    Anyone,
    /// The till's shop session.
    Till,
    /// Any admin or staff session on the till.
    ShopUser,
    /// An admin session.
    Admin,
    /// A staff session.
    Staff,
    /// An admin, or staff holding this grant.
    Grant(&'static str),
    /// The super admin's session.
    SuperAdmin,
}

impl Caller {
    /// The OpenAPI security requirement: the scheme and its scopes; `None` for a public route.
    pub fn security(self) -> Option<(&'static str, Option<&'static str>)> {
        match self {
            Self::Anyone => None,
            Self::Till => Some((SHOP_SESSION, None)),
            Self::ShopUser => Some((USER_SESSION, None)),
            Self::Admin => Some((USER_SESSION, Some("admin"))),
            Self::Staff => Some((USER_SESSION, Some("staff"))),
            Self::Grant(grant) => Some((USER_SESSION, Some(grant))),
            Self::SuperAdmin => Some((SUPER_ADMIN_SESSION, None)),
        }
    }
}

macro_rules! route_table {
    // The path of a row, named after the handler's last segment.
    (@path [$first:ident $($rest:ident)+] $path:literal) => {
        $crate::http::route_table::route_table!(@path [$($rest)+] $path);
    };
    (@path [$name:ident] $path:literal) => {
        pub const $name: &str = $path;
    };

    // The scope a row's user session needs, for the rows that need one.
    (@scope [$first:ident $($rest:ident)+] $($caller:tt)+) => {
        $crate::http::route_table::route_table!(@scope [$($rest)+] $($caller)+);
    };
    (@scope [$name:ident] grant $grant:literal) => {
        pub const $name: &str = $grant;
    };
    (@scope [$name:ident] admin) => {
        pub const $name: &str = "admin";
    };
    (@scope [$name:ident] staff) => {
        pub const $name: &str = "staff";
    };
    (@scope [$name:ident] $caller:ident) => {};

    // The handler's name as written in the table, `carts::show`.
    (@handler [$($written:tt)*] $first:ident $($rest:ident)+) => {
        $crate::http::route_table::route_table!(@handler [$($written)* stringify!($first), "::",] $($rest)+)
    };
    (@handler [$($written:tt)*] $last:ident) => {
        concat!($($written)* stringify!($last))
    };

    (@caller anyone) => { $crate::http::route_table::Caller::Anyone };
    (@caller till) => { $crate::http::route_table::Caller::Till };
    (@caller shop_user) => { $crate::http::route_table::Caller::ShopUser };
    (@caller admin) => { $crate::http::route_table::Caller::Admin };
    (@caller staff) => { $crate::http::route_table::Caller::Staff };
    (@caller grant $grant:literal) => { $crate::http::route_table::Caller::Grant($grant) };
    (@caller super_admin) => { $crate::http::route_table::Caller::SuperAdmin };
    (@caller $($unknown:tt)*) => {
        compile_error!(concat!(
            "unknown caller `", stringify!($($unknown)*), "`: anyone, till, shop_user, admin, ",
            "staff, grant \"...\" or super_admin"
        ))
    };

    (@table $router:ident; $(
        $method:ident $path:literal => $($handler:ident)::+, $caller:ident $($grant:literal)?;
    )*) => {
        /// Each route's path, named after its handler.
        #[allow(non_upper_case_globals)]
        mod route {
            $($crate::http::route_table::route_table!(@path [$($handler)+] $path);)*
        }

        /// The scope each route's user session needs, named after its handler.
        #[allow(non_upper_case_globals)]
        mod scope {
            $($crate::http::route_table::route_table!(@scope [$($handler)+] $caller $($grant)?);)*
        }

        /// The table, for the test that holds it against the OpenAPI document.
        pub const ROUTES: &[$crate::http::route_table::RouteRow] = &[$(
            $crate::http::route_table::RouteRow {
                method: stringify!($method),
                path: $path,
                handler: $crate::http::route_table::route_table!(@handler [] $($handler)+),
                caller: $crate::http::route_table::route_table!(@caller $caller $($grant)?),
            },
        )*];

        pub fn $router() -> utoipa_axum::router::OpenApiRouter<$crate::http::AppState> {
            utoipa_axum::router::OpenApiRouter::new()
                $(.routes(utoipa_axum::routes!($($handler)::+)))*
        }
    };

    (fn $router:ident; $($rows:tt)*) => {
        $crate::http::route_table::route_table!(@table $router; $($rows)*);
    };
    ($method:ident $path:literal $($rows:tt)*) => {
        $crate::http::route_table::route_table!(@table router; $method $path $($rows)*);
    };
}

pub(crate) use route_table;
