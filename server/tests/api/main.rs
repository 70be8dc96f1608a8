//! Integration tests of pos-server through real HTTP on port 0, each on a fresh database.
//! One test binary (this folder) so the server is linked once.
//!
//! Tests that take a `Backend` run twice, on SQLite and on PostgreSQL; PostgreSQL needs
//! POS_TEST_POSTGRES_URL (set by scripts/test.sh through scripts/lib/postgres.sh).

mod fake_stripe;
mod identity_support;
mod management_support;
mod sales_card_support;
mod secret_watch;
mod security_matrix_support;
mod smtp_sink;
mod support;
mod sync_support;
mod till_support;

mod admin_staff;
mod api_errors;
mod binary;
mod busy_database;
mod catalog_categories;
mod catalog_products;
mod catalog_support;
mod cookies;
mod csrf;
mod csv_import;
mod customer_support;
mod customers;
mod dashboard_access;
mod dashboard_charts;
mod dashboard_rebuild;
mod dashboard_rollups;
mod dashboard_support;
mod database;
mod first_start;
mod health;
mod health_live;
mod management_employees;
mod management_refusals;
mod management_shops;
mod openapi;
mod password_reset;
mod passwords;
mod permission_guard;
mod pool_idle_ping;
mod request_bodies;
mod sales_card;
mod sales_card_refund_claims;
mod sales_card_refunds;
mod sales_card_webhook;
mod sales_custom_invoices;
mod sales_custom_support;
mod sales_idempotency;
mod sales_invoices;
mod sales_payment_support;
mod sales_payments;
mod sales_refunds;
mod sales_support;
mod scale_out;
mod scale_out_grants;
mod scale_out_support;
mod security_matrix;
mod session_timeouts;
mod sessions;
mod shutdown;
mod sign_in;
mod sign_in_limits;
mod sync_catalog;
mod sync_concurrency;
mod sync_customers;
mod till_catalog;
mod till_customers;
mod till_flags;
mod till_invoices;
mod till_payments;
mod web_app;
