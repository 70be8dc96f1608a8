//! What runs once at start, after the migrations and before the first request: the first super
//! admin from configuration, the demo data (POS_DEMO=1), the dashboard roll-ups of any shop
//! whose rows are missing or in another time zone, and a sweep of expired sessions.

pub mod demo;
mod demo_content;
mod demo_open_orders;
pub mod demo_sales;
mod demo_sales_days;
mod demo_sales_loyalty;
pub mod demo_sales_plan;
mod demo_sales_refunds;
pub mod super_admin;

use crate::auth::{SessionTimeouts, sessions};
use crate::clock::Clock;
use crate::config::Config;
use crate::db::{self, Db};
use crate::service_error::ServiceError;

pub async fn run(
    config: &Config,
    db: &Db,
    clock: &Clock,
    timeouts: SessionTimeouts,
) -> Result<(), ServiceError> {
    super_admin::create_from_config(db, clock, &config.super_admin).await?;
    if config.demo {
        let credentials = demo::seed(db, clock).await?;
        println!("{credentials}");
    }
    crate::dashboard::rebuild::rebuild_stale_shops(db).await?;
    let swept = sessions::sweep(db, clock.now_millis(), timeouts).await?;
    if swept > 0 {
        tracing::info!(swept, "expired sessions removed");
    }
    if !db::identity::users::super_admin_exists(db.pool()).await? {
        tracing::warn!(
            "no super admin exists: set POS_SUPER_ADMIN_PHONE and POS_SUPER_ADMIN_PASSWORD, or \
             run `pos-server create-super-admin --phone <7 digits>`"
        );
    }
    Ok(())
}
