//! Integration tests of pos-server through real HTTP on port 0, each on a fresh database.
//! One test binary (this folder) so the server is linked once.
//!
//! Tests that take a `Backend` run twice, on SQLite and on PostgreSQL; PostgreSQL needs
//! POS_TEST_POSTGRES_URL (set by scripts/test.sh through scripts/lib/postgres.sh).

mod support;

mod api_errors;
mod binary;
mod database;
mod health;
mod shutdown;
mod web_app;
