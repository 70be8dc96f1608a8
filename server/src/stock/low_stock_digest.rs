//! The low-stock digest (docs/api-stock.md, "Low stock"): once a day at most, a shop with
//! products at or below their reorder level is sent their list by mail, to its admins and the
//! shop's own address. A round looks at every shop; the day is the shop's own date, and
//! `low_stock_digests` keeps which shop was sent which day, so a restart or a second round the
//! same day sends nothing again.

use std::time::Duration;

use pos_core::dashboard::{TimeZone, time_zone, today};

use crate::clock::Clock;
use crate::db::catalog::low_stock as digests;
use crate::db::identity::users;
use crate::db::{Db, shops};
use crate::mail::{Mail, Mailer};
use crate::service_error::ServiceError;
use crate::stock::low_stock::{self, LowProduct};

/// How often a round runs. The first waits as long, so a server started and stopped again (a
/// test, an upgrade) mails nobody.
pub const ROUND_EVERY: Duration = Duration::from_secs(15 * 60);
/// Shops read per query of a round.
const SHOPS_PER_PAGE: i64 = 200;

/// Runs a round every [`ROUND_EVERY`] for as long as the server runs.
pub async fn run_rounds(db: Db, clock: Clock, mailer: std::sync::Arc<Mailer>) {
    let mut ticks =
        tokio::time::interval_at(tokio::time::Instant::now() + ROUND_EVERY, ROUND_EVERY);
    loop {
        ticks.tick().await;
        match send_due(&db, &clock, &mailer).await {
            Ok(0) => {}
            Ok(sent) => tracing::info!(shops = sent, "low-stock digests sent"),
            Err(error) => tracing::warn!(%error, "low-stock digest round failed"),
        }
    }
}

/// Sends today's digest to every shop that has low products and has not had one today; the
/// number of shops mailed.
pub async fn send_due(db: &Db, clock: &Clock, mailer: &Mailer) -> Result<usize, ServiceError> {
    let now = clock.now_millis();
    let mut sent = 0;
    let mut after = 0;
    loop {
        let page = shops::list(db.pool(), after, SHOPS_PER_PAGE).await?;
        let Some(last) = page.last() else {
            return Ok(sent);
        };
        after = last.id;
        for shop in page {
            if send_to_shop(db, mailer, &shop, now).await? {
                sent += 1;
            }
        }
    }
}

/// Today's digest of one shop, when it is due; whether it was sent.
async fn send_to_shop(
    db: &Db,
    mailer: &Mailer,
    shop: &shops::Shop,
    now: i64,
) -> Result<bool, ServiceError> {
    let zone = time_zone(&shop.time_zone).unwrap_or(TimeZone::UTC);
    let day = today(now, &zone)?.to_string();
    let low = low_stock::list(db, shop.id).await?;
    if low.is_empty() {
        return Ok(false);
    }
    let mut recipients = users::admin_emails(db.pool(), shop.id).await?;
    if !recipients.contains(&shop.email) && !shop.email.is_empty() {
        recipients.push(shop.email.clone());
    }
    if recipients.is_empty() {
        return Ok(false);
    }
    let count = i64::try_from(low.len()).unwrap_or(i64::MAX);
    if !digests::claim_digest(db.pool(), (shop.id, &day), count, now).await? {
        return Ok(false);
    }
    let (subject, body) = digest_text(&shop.shop_name, &day, &low, mailer.link_base());
    for to in recipients {
        let mail = Mail {
            to: to.clone(),
            subject: subject.clone(),
            body: body.clone(),
        };
        if let Err(error) = mailer.send(mail).await {
            tracing::warn!(shop_id = shop.id, %error, "low-stock digest not sent");
            // Whoever was mailed already may get it again; nobody goes without it.
            digests::release_digest(db.pool(), (shop.id, &day)).await?;
            return Ok(false);
        }
    }
    Ok(true)
}

/// The mail's subject and text: one line per product, shortest first.
fn digest_text(
    shop_name: &str,
    day: &str,
    low: &[LowProduct],
    link_base: &str,
) -> (String, String) {
    let products = if low.len() == 1 {
        "1 product".to_owned()
    } else {
        format!("{} products", low.len())
    };
    let subject = format!("Low stock at {shop_name}: {products} to reorder");
    let mut body =
        format!("{products} at {shop_name} are at or below their reorder level on {day}:\n\n");
    for item in low {
        let product = &item.product;
        body.push_str(&format!(
            "- {} ({}): {} {} on hand, reorder level {}, short by {}\n",
            product.product_name,
            product.category_name,
            product.quantity,
            product.unit,
            product.reorder_level,
            item.short_by
        ));
    }
    body.push_str(&format!(
        "\nThe low-stock list: {link_base}/admin/stock/low\n\nThis digest is sent once a day at most, \
         while products are low.\n"
    ));
    (subject, body)
}
