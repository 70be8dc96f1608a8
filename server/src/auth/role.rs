//! The three kinds of signed-in people; the shop sign-in is a session kind, not a
//! role.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    SuperAdmin,
    Admin,
    Staff,
}

impl Role {
    /// The spelling in the API and in the `users.role` column.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::SuperAdmin => "super-admin",
            Self::Admin => "admin",
            Self::Staff => "staff",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [Self::SuperAdmin, Self::Admin, Self::Staff]
            .into_iter()
            .find(|role| role.as_str() == text)
    }
}
