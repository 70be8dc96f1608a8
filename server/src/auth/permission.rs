//! The twelve permissions a shop user can hold (the guard a handler uses to require one is
//! `http::session_extract::Require`).
//!
//! What a grant means (docs/api-identity.md, "Permissions"): product, category and customer
//! actions need the matching grant, for admins and staff alike, because the product gates both
//! areas' menus and row actions by the granted strings and the super admin sets permissions for
//! any employee. Everything else an admin does (staff, invoices, loyalty, tax, dashboard) is
//! allowed by the admin role itself. New admins are granted all twelve, so an admin can do
//! everything until a super admin narrows it; new staff the three reads selling needs
//! ([`Permission::NEW_STAFF`]). What selling itself writes (a cart, a customer added from the
//! till's phone lookup, a custom product) needs no grant: any signed-in admin or staff member
//! sells.

use serde::{Serialize, Serializer};

macro_rules! permissions {
    ($($variant:ident => $name:literal),+ $(,)?) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Permission {
            $($variant),+
        }

        impl Permission {
            /// Every permission, in SPEC's order (the order of `permissions` in answers).
            pub const ALL: [Permission; 12] = [$(Permission::$variant),+];

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
}

impl Permission {
    /// What a new staff member is granted: the reads the till's screens need to sell (the
    /// categories, the products and the customer lookup). An admin may revoke them.
    pub const NEW_STAFF: [Permission; 3] = [
        Permission::ProductRead,
        Permission::CategoryRead,
        Permission::CustomerRead,
    ];

    /// Exact names only (`"product_create"`), as SPEC's client sends them.
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
    }
}
