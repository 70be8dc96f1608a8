//! The permissions a shop user can hold: SPEC's twelve catalogue grants and the three shift
//! grants (the guard a handler uses to require one is `http::session_extract::Require`).
//!
//! What a grant means (docs/api-identity.md, "Permissions"): product, category and customer
//! actions need the matching grant, for admins and staff alike, because the product gates both
//! areas' menus and row actions by the granted strings and the super admin sets permissions for
//! any employee. Everything else an admin does (staff, invoices, loyalty, tax, dashboard) is
//! allowed by the admin role itself. New admins are granted all twelve, so an admin can do
//! everything until a super admin narrows it; new staff the three reads selling needs
//! ([`Permission::NEW_STAFF`]) and opening, closing and moving cash in shifts.
//!
//! The shift grants (docs/api-shifts.md, "Who may"): `shift_open_close` (open and close a
//! till's shift), `cash_movement` (pay cash in or out) and `shift_read_all` (the back office's
//! shift list, detail and CSV, every till's). SPEC's answers keep `permissions` to the twelve
//! names its client knows; the shift grants are answered beside it as `shiftPermissions`
//! ([`Permission::is_spec`]). What selling itself writes (a cart, a customer added from the
//! till's phone lookup, a custom product) needs no grant: any signed-in admin or staff member
//! sells.
//!
//! The stock grants (docs/api-stock.md, "Who may"): `stock_receive` (receive deliveries),
//! `stock_count` (start, enter and post counts), `stock_adjust` (adjust stock by hand) and
//! `stock_report` (stock value, movements and their CSV). New admins hold all four; staff hold
//! what an admin grants them. They are answered as `stockPermissions`.

use serde::{Serialize, Serializer};

macro_rules! permissions {
    ($($variant:ident => $name:literal),+ $(,)?) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Permission {
            $($variant),+
        }

        impl Permission {
            /// Every permission: SPEC's twelve in SPEC's order, then the shift and stock grants. Bit `i`
            /// of `users.permission_bits` is `ALL[i]`.
            pub const ALL: [Permission; 19] = [$(Permission::$variant),+];

            /// The name in the API and in `user_permissions.permission`.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Permission::$variant => $name),+
                }
            }
        }

        /// Marker types for [`Require`], one per permission: `Require<grants::ProductCreate>`.
        pub mod grants {
            $(
                #[doc = concat!("The `", $name, "` grant.")]
                pub struct $variant;
                impl super::Grant for $variant {
                    const PERMISSION: super::Permission = super::Permission::$variant;
                }
            )+
        }
    };
}

permissions! {
    ProductCreate => "product_create",
    ProductRead => "product_read",
    ProductUpdate => "product_update",
    ProductDelete => "product_delete",
    CategoryCreate => "category_create",
    CategoryRead => "category_read",
    CategoryUpdate => "category_update",
    CategoryDelete => "category_delete",
    CustomerCreate => "customer_create",
    CustomerRead => "customer_read",
    CustomerUpdate => "customer_update",
    CustomerDelete => "customer_delete",
    ShiftOpenClose => "shift_open_close",
    CashMovement => "cash_movement",
    ShiftReadAll => "shift_read_all",
    StockReceive => "stock_receive",
    StockCount => "stock_count",
    StockAdjust => "stock_adjust",
    StockReport => "stock_report",
}

impl Permission {
    /// What a new staff member is granted: the reads the till's screens need to sell (the
    /// categories, the products and the customer lookup), and opening, closing and moving cash
    /// in the till's shifts. An admin may revoke them.
    pub const NEW_STAFF: [Permission; 5] = [
        Permission::ProductRead,
        Permission::CategoryRead,
        Permission::CustomerRead,
        Permission::ShiftOpenClose,
        Permission::CashMovement,
    ];

    /// The shift grants, answered as `shiftPermissions`.
    pub const SHIFTS: [Permission; 3] = [
        Permission::ShiftOpenClose,
        Permission::CashMovement,
        Permission::ShiftReadAll,
    ];

    /// The stock grants, answered as `stockPermissions`.
    pub const STOCK: [Permission; 4] = [
        Permission::StockReceive,
        Permission::StockCount,
        Permission::StockAdjust,
        Permission::StockReport,
    ];

    /// One of SPEC's twelve, answered in `permissions`.
    pub fn is_spec(self) -> bool {
        !Self::SHIFTS.contains(&self) && !Self::STOCK.contains(&self)
    }

    /// Exact names only (`"product_create"`, `"shift_read_all"`), as SPEC's client sends them.
    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|permission| permission.as_str() == text)
    }
}

impl Serialize for Permission {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// A permission known at compile time; implemented by the types in [`grants`].
pub trait Grant {
    const PERMISSION: Permission;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for permission in Permission::ALL {
            assert_eq!(Permission::parse(permission.as_str()), Some(permission));
        }
        assert_eq!(Permission::parse("Product_Create"), None);
        assert_eq!(
            serde_json::to_string(&Permission::CustomerDelete).unwrap(),
            "\"customer_delete\""
        );
        assert_eq!(
            Permission::parse("shift_read_all"),
            Some(Permission::ShiftReadAll)
        );
        let spec = Permission::ALL.into_iter().filter(|p| p.is_spec()).count();
        assert_eq!(spec, 12, "SPEC's client knows twelve names");
    }
}
