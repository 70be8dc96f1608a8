//! Who signs in and what they may do: `users` (super admins, and each shop's admins and staff)
//! as sign-in and sessions read them ([`users`]) and as the management routes see them
//! ([`employees`]), their grants ([`permissions`]), server-side sessions ([`sessions`], read
//! together by [`session_reads`]), password reset links ([`reset_tokens`]) and the failed
//! attempts the sign-in rate limit counts ([`sign_in_failures`]).

pub mod employees;
pub mod permissions;
pub mod reset_tokens;
pub mod session_reads;
pub mod sessions;
pub mod sign_in_failures;
pub mod users;
