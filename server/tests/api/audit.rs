//! The audit trail (docs/api-audit.md): every change to money and stock made through the API
//! leaves exactly one row naming who did it and what, written with the change (a refused change
//! and a replayed till command leave none); the shop admin reads the shop's own rows, filtered
//! and paged, and downloads them as CSV; staff cannot; the super admin reads every shop's; and
//! the database itself refuses to change or delete a row.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::customer_support::cookie_header;
use crate::identity_support::{Browser, Reply};
use crate::management_support::super_admin;
use crate::sales_support::{add, cart, cart_with};
use crate::shift_support::{
    MOVEMENT, MOVEMENT_2, SHIFT, close_shift, counted, move_cash, movement, open_shift, opening,
};
use crate::support::{Backend, TestApp, on_both_backends};
use crate::till_support::{REF, TillShop, invoice, keyed, line, put_invoice, replayed};

on_both_backends!(
    each_change_to_money_and_stock_leaves_one_row_naming_who_and_what,
    till_commands_leave_one_row_however_often_they_are_sent,
    refused_changes_leave_no_row,
    staff_cannot_read_it_and_shops_never_see_each_others_rows,
    the_list_filters_by_dates_events_and_person_and_pages,
    the_csv_has_a_header_row_and_every_row_listed,
    the_database_refuses_to_change_or_delete_a_row,
);

/// A row as an operator reads it: event, person, subject, detail.
type Row = (String, String, String, String);

/// Every row the admin's list shows, newest first, with its `_id`.
async fn listed(admin: &mut Browser, query: &str) -> Vec<(String, Row)> {
    let reply = admin.get(&format!("/audit?limit=1000{query}")).await;
    reply.assert_status(200);
    rows_of(&reply)
}

fn rows_of(reply: &Reply) -> Vec<(String, Row)> {
    reply
        .data()
        .as_array()
        .expect("a list")
        .iter()
        .map(|row| {
            let text = |name: &str| row[name].as_str().unwrap_or_default().to_owned();
            (
                text("_id"),
                (
                    text("event"),
                    text("userName"),
                    text("subject"),
                    text("detail"),
                ),
            )
        })
        .collect()
}

/// The shop's rows the admin's list shows since the last call, oldest first.
struct Trail {
    seen: BTreeSet<String>,
}

impl Trail {
    async fn start(admin: &mut Browser) -> Self {
        let seen = listed(admin, "")
            .await
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        Self { seen }
    }

    async fn new_rows(&mut self, admin: &mut Browser) -> Vec<Row> {
        let mut fresh: Vec<Row> = listed(admin, "")
            .await
            .into_iter()
            .filter(|(id, _)| self.seen.insert(id.clone()))
            .map(|(_, row)| row)
            .collect();
        fresh.reverse();
        fresh
    }
}

fn row(event: &str, who: &str, subject: &str, detail: &str) -> Row {
    (
        event.to_owned(),
        who.to_owned(),
        subject.to_owned(),
        detail.to_owned(),
    )
}

async fn each_change_to_money_and_stock_leaves_one_row_naming_who_and_what(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let (admin_name, staff_name) = (
        till.shop.seeded.admin.user_name.clone(),
        till.shop.seeded.staff.user_name.clone(),
    );
    let tea = till.shop.product("Tea", json!({"sellingPrice": 4})).await;
    let mut trail = Trail::start(&mut till.shop.admin).await;
    let (admin, staff) = (&mut till.shop.admin, &mut till.shop.staff);

    // Prices, discounts and loyalty rates, old -> new.
    admin
        .call(
            "PUT",
            &format!("/product/update/{tea}"),
            Some(json!({"sellingPrice": 4.5})),
        )
        .await
        .assert_status(200);
    admin
        .call(
            "PUT",
            &format!("/product/update/{tea}"),
            Some(json!({"discount": 1.5, "discountType": "flat"})),
        )
        .await
        .assert_status(200);
    admin
        .call("PUT", "/loyalty/products", Some(json!({"loyaltyRate": 2})))
        .await
        .assert_status(200);
    assert_eq!(
        trail.new_rows(admin).await,
        [
            row(
                "price-changed",
                &admin_name,
                "product Tea",
                "selling price 4.00 -> 4.50"
            ),
            row(
                "discount-changed",
                &admin_name,
                "product Tea",
                "discount 0% -> 1.50 off each"
            ),
            row(
                "loyalty-rate-changed",
                &admin_name,
                "every product",
                "Loyalty rate set to 2% on 2 products"
            ),
        ]
    );
    // The same values again change nothing, and say nothing.
    admin
        .call(
            "PUT",
            &format!("/product/update/{tea}"),
            Some(json!({"sellingPrice": "4.50"})),
        )
        .await
        .assert_status(200);
    assert_eq!(trail.new_rows(admin).await, []);

    // A line removed, a cart cleared, points redeemed, an open order deleted.
    let ann = till.ann.clone();
    let cola = till.cola.clone();
    let invoice_id = cart_with(staff, &ann, &[(&cola, "2"), (&tea, "1")]).await;
    staff
        .call("PUT", &format!("/invoice/{invoice_id}/product/{tea}"), None)
        .await
        .assert_status(200);
    staff
        .call("PUT", &format!("/invoice/{invoice_id}/clear"), None)
        .await
        .assert_status(200);
    till.shop.give_points(&ann, 500).await;
    let (admin, staff) = (&mut till.shop.admin, &mut till.shop.staff);
    add(
        staff,
        &invoice_id,
        json!({"productId": cola, "quantity": 1}),
    )
    .await
    .assert_status(200);
    staff
        .call(
            "PUT",
            &format!("/redeem/{invoice_id}"),
            Some(json!({"redeemAmountAdd": 3})),
        )
        .await
        .assert_status(200);
    staff
        .call("PATCH", &format!("/invoice/{invoice_id}"), Some(json!({})))
        .await
        .assert_status(200);
    staff
        .call(
            "DELETE",
            &format!("/invoice/status-saved/{invoice_id}"),
            None,
        )
        .await
        .assert_status(200);
    let rows = trail.new_rows(admin).await;
    let number = rows[0].2.clone();
    assert!(number.starts_with("invoice INV-"), "{number}");
    assert_eq!(
        rows,
        [
            row(
                "line-removed",
                &staff_name,
                &number,
                "Removed: 1 x Tea at 4.50 = 3.00"
            ),
            row(
                "cart-cleared",
                &staff_name,
                &number,
                "Cleared: 2 x Cola at 10.00 = 20.00"
            ),
            row(
                "points-redeemed",
                &staff_name,
                &number,
                "Redeemed 3.00 points (was 0.00)"
            ),
            row(
                "open-order-deleted",
                &staff_name,
                &number,
                "Deleted with total 7.00: 1 x Cola at 10.00 = 10.00"
            ),
        ]
    );

    // A cash sale, then a refund by lines: the web till's shift opens by itself for the sale.
    let sold = cart_with(staff, &ann, &[(&cola, "3")]).await;
    staff
        .post(&format!("/payment/cash/invoice/{sold}"), json!({}))
        .await
        .assert_status(200);
    admin
        .call(
            "PUT",
            &format!("/payment/{sold}/invoice"),
            Some(json!({"products": [{"productId": cola, "quantity": 1}]})),
        )
        .await
        .assert_status(200);
    let rows = trail.new_rows(admin).await;
    let sale = rows[1].2.clone();
    assert_eq!(
        rows,
        [
            row(
                "shift-opened",
                &staff_name,
                "shift SH-000001",
                "Opened by itself for a sale with no shift open; float 0.00"
            ),
            row(
                "refund",
                &admin_name,
                &sale,
                "Refunded 10.00 by cash; 10.00 refunded of 30.00 paid. Lines: 1 x Cola, restocked"
            ),
        ]
    );

    // A till's shift: opened with a float, cash paid in and out, closed with the cash counted.
    open_shift(staff, SHIFT, opening("7f3a", "100.00"))
        .await
        .assert_status(201);
    move_cash(staff, SHIFT, movement(MOVEMENT, "payIn", "20", "Change"))
        .await
        .assert_status(201);
    move_cash(staff, SHIFT, movement(MOVEMENT_2, "payOut", "5.5", "Milk"))
        .await
        .assert_status(201);
    close_shift(staff, SHIFT, counted("110.00"))
        .await
        .assert_status(200);
    let subject = "shift SH-000002";
    assert_eq!(
        trail.new_rows(admin).await,
        [
            row(
                "shift-opened",
                &staff_name,
                subject,
                "Opened with float 100.00"
            ),
            row(
                "cash-paid-in",
                &staff_name,
                subject,
                "Paid in 20.00: Change"
            ),
            row("cash-paid-out", &staff_name, subject, "Paid out 5.50: Milk"),
            row(
                "shift-closed",
                &staff_name,
                subject,
                "Closed with 110.00 counted, 114.50 expected (4.50 short); float was 100.00"
            ),
        ]
    );
    let shift_rows = admin.get("/audit?event=shift-opened&limit=1").await;
    assert_eq!(shift_rows.data()[0]["deviceCode"], "7F3A");

    // A custom product typed at the till, at its own price.
    till.shop.custom_product("Cake", "1", "12.5").await;
    let admin = &mut till.shop.admin;
    assert_eq!(
        trail.new_rows(admin).await,
        [row(
            "custom-product-created",
            &admin_name,
            "product Cake",
            "1 x Cake at 12.50"
        )]
    );
}

const KEY: &str = "8d2f4a6b-1a2b-4c3d-8e4f-00000000aa01";
const KEY_2: &str = "8d2f4a6b-1a2b-4c3d-8e4f-00000000aa02";

async fn till_commands_leave_one_row_however_often_they_are_sent(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let tea = till.shop.product("Tea", json!({})).await;
    let mut trail = Trail::start(&mut till.shop.admin).await;
    let (admin, staff) = (&mut till.shop.admin, &mut till.shop.staff);
    let two_lines = invoice(
        &till.ann,
        vec![line(&till.cola, "2", "10"), line(&tea, "1", "10")],
        "0",
    );
    put_invoice(staff, REF, two_lines).await.assert_status(201);
    assert_eq!(trail.new_rows(admin).await, []);

    // The till voids a line: its whole state comes without it, under a key.
    let path = format!("/till/invoices/{REF}");
    let one_line = invoice(&till.ann, vec![line(&till.cola, "2", "10")], "0");
    let first = keyed(staff, KEY, ("PUT", &path), Some(one_line.clone())).await;
    first.assert_status(200);
    let again = keyed(staff, KEY, ("PUT", &path), Some(one_line.clone())).await;
    assert!(replayed(&again), "{:#}", again.body);
    // The outbox sends the same state again under a new key: nothing left the cart this time.
    keyed(staff, KEY_2, ("PUT", &path), Some(one_line))
        .await
        .assert_status(200);
    let rows = trail.new_rows(admin).await;
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].0, "line-removed");
    // The till's line carries the name it was rung up with.
    assert_eq!(rows[0].3, "Removed: 1 x Cola at 10.00 = 10.00");

    // Deleting the open order: once, whatever the retries.
    let delete = format!("/till/invoices/{REF}/delete");
    keyed(
        staff,
        "8d2f4a6b-1a2b-4c3d-8e4f-00000000aa03",
        ("POST", &delete),
        None,
    )
    .await
    .assert_status(200);
    let replay = keyed(
        staff,
        "8d2f4a6b-1a2b-4c3d-8e4f-00000000aa03",
        ("POST", &delete),
        None,
    )
    .await;
    assert!(replayed(&replay));
    let gone = staff.post_empty(&delete).await;
    gone.assert_status(200);
    assert_eq!(gone.data(), &Value::Null);
    let rows = trail.new_rows(admin).await;
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].0, "open-order-deleted");
    assert_eq!(
        rows[0].3,
        "Deleted with total 20.00: 2 x Cola at 10.00 = 20.00"
    );

    // A shift opened, paid into and closed: the same command again, keyed or not, is one row.
    let shift_path = format!("/till/shifts/{SHIFT}");
    let body = opening("7f3a", "50");
    let key = "8d2f4a6b-1a2b-4c3d-8e4f-00000000aa04";
    keyed(staff, key, ("PUT", &shift_path), Some(body.clone()))
        .await
        .assert_status(201);
    assert!(replayed(
        &keyed(staff, key, ("PUT", &shift_path), Some(body.clone())).await
    ));
    open_shift(staff, SHIFT, body).await.assert_status(200);
    let paid_in = movement(MOVEMENT, "payIn", "5", "Coins");
    move_cash(staff, SHIFT, paid_in.clone())
        .await
        .assert_status(201);
    move_cash(staff, SHIFT, paid_in).await.assert_status(200);
    close_shift(staff, SHIFT, counted("55"))
        .await
        .assert_status(200);
    close_shift(staff, SHIFT, counted("55"))
        .await
        .assert_status(200);
    let events: Vec<String> = trail
        .new_rows(admin)
        .await
        .into_iter()
        .map(|row| row.0)
        .collect();
    assert_eq!(events, ["shift-opened", "cash-paid-in", "shift-closed"]);
}

async fn refused_changes_leave_no_row(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let mut trail = Trail::start(&mut till.shop.admin).await;
    let (admin, staff) = (&mut till.shop.admin, &mut till.shop.staff);
    let cola = till.cola.clone();
    let sold = cart_with(staff, &till.ann, &[(&cola, "1")]).await;
    staff
        .post(&format!("/payment/cash/invoice/{sold}"), json!({}))
        .await
        .assert_status(200);
    let opened = trail.new_rows(admin).await;
    assert_eq!(opened.len(), 1, "the web till's shift opened: {opened:?}");

    // Too much back, staff refunding, a bad price, redeeming above the balance, a paid
    // invoice's delete, a second close with other figures: each refused, none written.
    let refund = format!("/payment/{sold}/invoice");
    admin
        .call("PUT", &refund, Some(json!({"amount": 11})))
        .await
        .assert_status(400);
    staff
        .call("PUT", &refund, Some(json!({"amount": 1})))
        .await
        .assert_status(403);
    admin
        .call(
            "PUT",
            &format!("/product/update/{cola}"),
            Some(json!({"sellingPrice": -1})),
        )
        .await
        .assert_status(400);
    let open = cart(staff, &till.ann).await;
    add(staff, &open, json!({"productId": cola, "quantity": 1}))
        .await
        .assert_status(200);
    staff
        .call(
            "PUT",
            &format!("/redeem/{open}"),
            Some(json!({"redeemAmountAdd": 5})),
        )
        .await
        .assert_status(400);
    staff
        .call("DELETE", &format!("/invoice/status-saved/{sold}"), None)
        .await
        .assert_status(409);
    open_shift(staff, SHIFT, opening("7f3a", "10"))
        .await
        .assert_status(201);
    close_shift(staff, SHIFT, counted("10"))
        .await
        .assert_status(200);
    close_shift(staff, SHIFT, counted("12"))
        .await
        .assert_status(409);
    let events: Vec<String> = trail
        .new_rows(admin)
        .await
        .into_iter()
        .map(|row| row.0)
        .collect();
    assert_eq!(events, ["shift-opened", "shift-closed"]);
}

async fn staff_cannot_read_it_and_shops_never_see_each_others_rows(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let shop_id = till.shop_id();
    let other_id = till.shop.seeded.other_shop.id;
    let mut other = till.shop.other_shop().await;
    let staff = &mut till.shop.staff;
    for path in ["/audit", "/audit/export.csv", "/super-admin/audit"] {
        let refused = staff.get(path).await;
        assert!(
            refused.status == 403 || refused.status == 401,
            "{path}: {}",
            refused.status
        );
    }
    assert_eq!(staff.get("/audit").await.status, 403);

    let own = listed(&mut till.shop.admin, "").await;
    assert!(own.iter().any(|(_, row)| row.2 == "product Cola"));
    let theirs = listed(&mut other, "").await;
    assert!(!theirs.is_empty(), "the other admin's sign-in");
    assert!(theirs.iter().all(|(_, row)| row.2 != "product Cola"));
    let own_ids: BTreeSet<_> = own.iter().map(|(id, _)| id.clone()).collect();
    assert!(theirs.iter().all(|(id, _)| !own_ids.contains(id)));

    // The super admin reads one shop's, or every shop's with the shop named on each row.
    let mut boss = super_admin(till.app()).await;
    let one = boss
        .get(&format!("/super-admin/audit?shop={shop_id}"))
        .await;
    one.assert_status(200);
    let one_ids: BTreeSet<_> = rows_of(&one).into_iter().map(|(id, _)| id).collect();
    assert_eq!(one_ids, own_ids);
    let all = boss.get("/super-admin/audit").await;
    all.assert_status(200);
    let shops: BTreeSet<String> = all
        .data()
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|row| row["shopId"].as_str().map(str::to_owned))
        .collect();
    assert!(shops.contains(&shop_id.to_string()) && shops.contains(&other_id.to_string()));
    let missing = boss.get("/super-admin/audit?shop=999999").await;
    missing.assert_status(404);
    assert_eq!(missing.message(), "Shop not found");
}

async fn the_list_filters_by_dates_events_and_person_and_pages(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let staff_id = till.shop.seeded.staff.id;
    let tea = till.shop.product("Tea", json!({})).await;
    let (admin, staff) = (&mut till.shop.admin, &mut till.shop.staff);
    let invoice_id = cart_with(staff, &till.ann, &[(&tea, "1")]).await;
    staff
        .call("PUT", &format!("/invoice/{invoice_id}/clear"), None)
        .await
        .assert_status(200);

    let everything = listed(admin, "").await;
    assert!(everything.len() >= 5, "{everything:?}");
    let ids: Vec<i64> = everything
        .iter()
        .map(|(id, _)| id.parse().unwrap())
        .collect();
    let mut newest_first = ids.clone();
    newest_first.sort_by(|a, b| b.cmp(a));
    assert_eq!(ids, newest_first);

    let prices = listed(admin, "&event=price-changed").await;
    assert_eq!(prices.len(), 2, "Cola and Tea were created");
    let several = listed(admin, "&event=price-changed,cart-cleared").await;
    assert_eq!(several.len(), 3);
    let repeated = listed(admin, "&event=price-changed&event=cart-cleared").await;
    assert_eq!(repeated, several);
    let by_staff = listed(admin, &format!("&user={staff_id}")).await;
    assert!(!by_staff.is_empty());
    assert!(
        by_staff
            .iter()
            .all(|(_, row)| row.0 == "cart-cleared" || row.0 == "sign-in"),
        "{by_staff:?}"
    );

    // Dates are the shop's (Indian/Maldives): today holds every row, tomorrow none.
    let today = local_today(till.app());
    assert_eq!(
        listed(&mut till.shop.admin, &format!("&from={today}&to={today}")).await,
        everything
    );
    let admin = &mut till.shop.admin;
    assert_eq!(listed(admin, "&from=2099-01-01").await, []);
    assert_eq!(listed(admin, "&to=2000-01-01").await, []);

    for (query, message) in [
        ("from=26-11-2026", "From must be a date like 2026-11-26"),
        ("to=2026-02-30", "To must be a date like 2026-11-26"),
        ("from=2026-11-02&to=2026-11-01", "From must not be after to"),
        ("user=ann", "User must be a person's id, a whole number"),
        (
            "event=refund,refunds",
            "Event \"refunds\" is not one of the audit trail's events",
        ),
        ("limit=0", "limit must be a whole number from 1 to 1000"),
    ] {
        let refused = admin.get(&format!("/audit?{query}")).await;
        refused.assert_status(400);
        assert_eq!(refused.message(), message, "{query}");
    }

    // Pages of 2 follow their links to the same rows.
    let mut paged = Vec::new();
    let mut path = "/audit?limit=2".to_owned();
    loop {
        let page = admin.get(&path).await;
        page.assert_status(200);
        let rows = rows_of(&page);
        assert!(rows.len() <= 2);
        paged.extend(rows);
        let Some(link) = page.headers.get("link") else {
            break;
        };
        let link = link.to_str().unwrap();
        let target = link.trim_start_matches('<').split('>').next().unwrap();
        path = target.trim_start_matches("/api/v1").to_owned();
    }
    assert_eq!(paged, everything);
    let events_page = admin.get("/audit?limit=1&event=price-changed").await;
    let link = events_page.headers.get("link").unwrap().to_str().unwrap();
    assert!(link.contains("event=price-changed"), "{link}");
}

/// Today's date in the seeded shops' zone, Indian/Maldives (UTC+5, no daylight saving).
fn local_today(app: &TestApp) -> String {
    let days = (app.clock.now_millis() + 5 * 3_600_000).div_euclid(86_400_000);
    let date = pos_core::dashboard::LocalDate::from_day_number(days);
    date.to_string()
}

/// A GET whose answer is not JSON: status, headers and text.
async fn get_text(
    app: &TestApp,
    browser: &Browser,
    path: &str,
) -> (u16, reqwest::header::HeaderMap, String) {
    let response = app
        .client
        .get(app.url(&format!("/api/v1{path}")))
        .header("cookie", cookie_header(browser))
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (status, headers, response.text().await.unwrap())
}

async fn the_csv_has_a_header_row_and_every_row_listed(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    // A product name with the characters CSV must quote.
    till.shop
        .product("Tea, \"green\"", json!({"sellingPrice": 3}))
        .await;
    let rows = listed(&mut till.shop.admin, "").await;
    let (status, headers, text) =
        get_text(&till.shop.app, &till.shop.admin, "/audit/export.csv").await;
    assert_eq!(status, 200);
    assert_eq!(headers["content-type"], "text/csv; charset=utf-8");
    assert_eq!(
        headers["content-disposition"],
        "attachment; filename=\"audit-corner-shop-all.csv\""
    );
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    assert_eq!(
        reader.headers().unwrap(),
        vec![
            "Time",
            "Person",
            "Person id",
            "Event",
            "Subject",
            "Detail",
            "Till"
        ]
    );
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(records.len(), rows.len());
    for (record, (_, row)) in records.iter().zip(&rows) {
        assert_eq!(
            (&record[3], &record[1], &record[4], &record[5]),
            (
                row.0.as_str(),
                row.1.as_str(),
                row.2.as_str(),
                row.3.as_str()
            )
        );
    }
    assert!(text.contains("\"product Tea, \"\"green\"\"\""), "{text}");

    // Filtered, named after the dates.
    let (_, headers, text) = get_text(
        till.app(),
        &till.shop.admin,
        "/audit/export.csv?event=price-changed&from=2026-01-01&to=2099-12-31",
    )
    .await;
    assert_eq!(
        headers["content-disposition"],
        "attachment; filename=\"audit-corner-shop-2026-01-01_2099-12-31.csv\""
    );
    assert_eq!(text.lines().count(), 3, "{text}");
    let (status, _, text) = get_text(till.app(), &till.shop.admin, "/audit/export.csv?to=x").await;
    assert_eq!(status, 400);
    assert!(text.contains("To must be a date like 2026-11-26"), "{text}");

    // The super admin's has a Shop column.
    let boss = super_admin(till.app()).await;
    let (status, headers, text) =
        get_text(till.app(), &boss, "/super-admin/audit/export.csv").await;
    assert_eq!(status, 200);
    assert_eq!(
        headers["content-disposition"],
        "attachment; filename=\"audit-all-shops-all.csv\""
    );
    assert!(text.starts_with("Time,Shop,Person,Person id,Event,Subject,Detail,Till\n"));
    assert!(text.contains(",Corner Shop,"), "{text}");
}

async fn the_database_refuses_to_change_or_delete_a_row(backend: Backend) {
    let till = TillShop::start(backend).await;
    let pool = till.app().db.pool();
    let before: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM audit_log")
        .fetch_one(pool)
        .await
        .unwrap();
    assert!(before > 0);
    for sql in [
        "UPDATE audit_log SET detail = 'nothing happened'",
        "DELETE FROM audit_log",
    ] {
        let error = sqlx::query(sql).execute(pool).await.unwrap_err();
        assert!(
            error.to_string().contains("audit_log is append-only"),
            "{sql}: {error}"
        );
    }
    let after: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM audit_log")
        .fetch_one(pool)
        .await
        .unwrap();
    assert_eq!(after, before);
    let changed: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM audit_log WHERE detail = 'nothing happened'")
            .fetch_one(pool)
            .await
            .unwrap();
    assert_eq!(changed, 0);
}
