//! The invoice lists (docs/api-sales.md "Finding an invoice", docs/pagination.md): every paid,
//! refunded and custom invoice of a shop is reachable, in pages, newest first by the time that
//! matters to each list (payment, last refund, creation), and the lists can be narrowed by
//! dates, number, customer, staff, method, amount and a search text. Bad parameters are 400s
//! naming them; another shop's invoices never show, whatever is asked.

use rust_decimal::dec;
use serde_json::json;

use crate::catalog_support::refused_with;
use crate::identity_support::Browser;
use crate::invoice_list_support::{
    DAY_MS, HOUR_MS, ListShop, NOV_26_LOCAL_MIDNIGHT, Sale, line_counts, listed_ids, walk_ids,
    write_custom_invoice, write_sales,
};
use crate::list_pages_support::{cursor_of, next_page};
use crate::management_support::staff;
use crate::sales_payment_support::{OpenInvoice, seed_invoice};
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    every_paid_invoice_is_reachable_once_in_pages_while_new_sales_arrive,
    a_sale_rung_up_long_ago_and_paid_now_is_the_newest_payment,
    each_filter_narrows_a_list_and_they_combine,
    bad_parameters_are_refused_naming_them,
    another_shops_invoices_never_show,
);

const MINUTE_MS: i64 = 60_000;

async fn every_paid_invoice_is_reachable_once_in_pages_while_new_sales_arrive(backend: Backend) {
    let mut shop = ListShop::start(backend).await;
    let (shop_id, seller) = (shop.seeded.shop.id, shop.seeded.staff.clone());
    let start = shop.app.clock.now_millis() - 30 * DAY_MS;
    // 1,005 sales, three to each minute: sales of one millisecond are told apart by their id.
    let sales: Vec<Sale> = (0..1005)
        .map(|at| Sale::paid(shop.aisha, 100 + at, start + (at / 3) * MINUTE_MS))
        .collect();
    let ids = write_sales(&shop.app, shop_id, &seller, &shop.tea, &sales).await;
    let mut newest_first: Vec<(i64, i64)> = sales
        .iter()
        .zip(&ids)
        .map(|(sale, id)| (sale.paid_at, *id))
        .collect();
    newest_first.sort_by(|a, b| b.cmp(a));
    let newest_first: Vec<i64> = newest_first.into_iter().map(|(_, id)| id).collect();

    // SPEC's call, without paging parameters: the envelope with the first 1,000 in `data`,
    // and the next page named in the Link header.
    let plain = shop.admin.get("/invoice?status=paid").await;
    plain.assert_status(200);
    assert_eq!(plain.body["success"], true);
    assert_eq!(plain.message(), "Invoices");
    assert_eq!(listed_ids(&plain), newest_first[..1000]);
    assert!(line_counts(&plain).iter().all(|lines| *lines == 1));
    let next = next_page(&plain).expect("a next page after 1,000 invoices");
    assert!(
        next.starts_with("/invoice?status=paid&limit=1000&after="),
        "{next}"
    );
    assert_eq!(
        listed_ids(&shop.admin.get(&next).await),
        newest_first[1000..]
    );

    // Walked 300 at a time while the till sells on: the new sales are newer than the cursor,
    // so the walk neither repeats nor skips one of the sales it started with.
    let mut walked = Vec::new();
    let mut path = Some("/invoice?status=paid&limit=300".to_owned());
    let mut pages = 0;
    while let Some(current) = path {
        let reply = shop.admin.get(&current).await;
        walked.extend(listed_ids(&reply));
        assert!(line_counts(&reply).iter().all(|lines| *lines == 1));
        path = next_page(&reply);
        pages += 1;
        let now = shop.app.clock.now_millis();
        let arriving = [
            Sale::paid(shop.ben, 999, now),
            Sale::paid(shop.ben, 999, now),
        ];
        write_sales(&shop.app, shop_id, &seller, &shop.tea, &arriving).await;
    }
    assert_eq!(pages, 4);
    assert_eq!(walked, newest_first, "every sale once, newest first");

    // The sales that arrived meanwhile head the list read afresh.
    let fresh = listed_ids(&shop.admin.get("/invoice?limit=8").await);
    assert_eq!(fresh.len(), 8);
    assert!(fresh.iter().all(|id| !ids.contains(id)), "{fresh:?}");
}

async fn a_sale_rung_up_long_ago_and_paid_now_is_the_newest_payment(backend: Backend) {
    let mut shop = ListShop::start(backend).await;
    let (app, seeded) = (&shop.app, &shop.seeded);
    let now = app.clock.now_millis();
    let recent: Vec<Sale> = (0..3)
        .map(|at| Sale::paid(shop.ben, 500, now - HOUR_MS + at))
        .collect();
    let recent = write_sales(app, seeded.shop.id, &seeded.staff, &shop.tea, &recent).await;
    // Rung up on 1 January 1970 (a till with a wrong clock), paid today.
    let old = seed_invoice(
        app,
        seeded,
        OpenInvoice {
            customer_id: shop.aisha,
            lines: vec![(&shop.tea, dec!(2))],
            redeem: dec!(0),
            status: "saved",
        },
    )
    .await;
    sqlx::query("UPDATE invoices SET created_at = 1, updated_at = 1 WHERE id = $1")
        .bind(old)
        .execute(app.db.pool())
        .await
        .unwrap();
    let mut till = staff(app, seeded).await;
    till.post(&format!("/payment/cash/invoice/{old}"), json!({}))
        .await
        .assert_status(200);

    let paid = shop.admin.get("/invoice?status=paid").await;
    assert_eq!(
        listed_ids(&paid)[..4],
        [old, recent[2], recent[1], recent[0]]
    );
    assert_eq!(paid.data()[0]["createdAt"], 1);
    assert!(paid.data()[0]["paidAt"].as_i64().unwrap() >= now);

    // Refunded lists are by the last refund: a sale of three days ago refunded now comes before
    // one paid an hour ago and refunded half an hour ago.
    let earlier = Sale {
        refunded_at: Some(now - HOUR_MS / 2),
        refunded_cents: 100,
        ..Sale::paid(shop.ben, 500, now - HOUR_MS)
    };
    let earlier = write_sales(app, seeded.shop.id, &seeded.staff, &shop.tea, &[earlier]).await[0];
    let three_days_ago = Sale::paid(shop.aisha, 500, now - 3 * DAY_MS);
    let refunded_now = write_sales(
        app,
        seeded.shop.id,
        &seeded.staff,
        &shop.tea,
        &[three_days_ago],
    )
    .await[0];
    shop.admin
        .call(
            "PUT",
            &format!("/payment/{refunded_now}/invoice"),
            Some(json!({"amount": "1.50"})),
        )
        .await
        .assert_status(200);
    let refunded = shop.admin.get("/invoice?status=refunded").await;
    assert_eq!(listed_ids(&refunded), [refunded_now, earlier]);
    assert!(refunded.data()[0]["refundedAt"].as_i64().unwrap() >= now);
    assert_eq!(refunded.data()[1]["refundedAt"], now - HOUR_MS / 2);
    assert_eq!(refunded.data()[0]["refundedAmount"], 1.5);
}

/// The first shop's history around 26 November 2026 (Maldives time, the shops' zone): the ids
/// of each sale by name.
struct History {
    /// Aisha, cash 10.00, by Aminath, paid the last millisecond of 25 November.
    p1: i64,
    /// Ben, swipe 25.50, by Hassan, paid at midnight starting 26 November.
    p2: i64,
    /// Aisha, card 99.99, by Hassan, paid at 05:00 on 26 November.
    p3: i64,
    /// Ben, cash 5.00, by Aminath, paid at midnight starting 24 November.
    p4: i64,
    /// Aisha, cash 40.00, by Aminath, paid 16 November, 10.00 refunded at 01:00 on 26 November.
    r1: i64,
    /// Custom invoice for Reef Resort, 7790000, created 25 November.
    c1: i64,
    /// Custom invoice for Sea View, 3301234, created 26 November.
    c2: i64,
}

async fn history(shop: &ListShop) -> History {
    let (app, seeded, midnight) = (&shop.app, &shop.seeded, NOV_26_LOCAL_MIDNIGHT);
    let shop_id = seeded.shop.id;
    let sale = |customer, method, total_cents, at| Sale {
        method,
        ..Sale::paid(customer, total_cents, at)
    };
    let by_admin = [
        sale(shop.aisha, "cash", 1000, midnight - 1),
        sale(shop.ben, "cash", 500, midnight - 2 * DAY_MS),
        Sale {
            refunded_at: Some(midnight + HOUR_MS),
            refunded_cents: 1000,
            ..sale(shop.aisha, "cash", 4000, midnight - 10 * DAY_MS)
        },
    ];
    let by_staff = [
        sale(shop.ben, "internal-device", 2550, midnight),
        sale(shop.aisha, "digital", 9999, midnight + 5 * HOUR_MS),
    ];
    let admin_ids = write_sales(app, shop_id, &seeded.admin, &shop.tea, &by_admin).await;
    let staff_ids = write_sales(app, shop_id, &seeded.staff, &shop.tea, &by_staff).await;
    History {
        p1: admin_ids[0],
        p4: admin_ids[1],
        r1: admin_ids[2],
        p2: staff_ids[0],
        p3: staff_ids[1],
        c1: write_custom_invoice(app, shop_id, ("Reef Resort", "7790000"), midnight - DAY_MS).await,
        c2: write_custom_invoice(app, shop_id, ("Sea View", "3301234"), midnight + HOUR_MS).await,
    }
}

async fn listed(browser: &mut Browser, path: &str) -> Vec<i64> {
    listed_ids(&browser.get(path).await)
}

async fn each_filter_narrows_a_list_and_they_combine(backend: Backend) {
    let mut shop = ListShop::start(backend).await;
    let History {
        p1,
        p2,
        p3,
        p4,
        r1,
        c1,
        c2,
    } = history(&shop).await;
    let staff_id = shop.seeded.staff.id;
    let number_of_p2 = shop.admin.get(&format!("/invoice/{p2}")).await.data()["invoiceNumber"]
        .as_str()
        .unwrap()
        .to_owned();
    let number_of_p4 = shop.admin.get(&format!("/invoice/{p4}")).await.data()["invoiceNumber"]
        .as_str()
        .unwrap()
        .to_owned();
    let digits_of_p2 = number_of_p2
        .trim_start_matches("INV-")
        .trim_start_matches('0');
    let admin = &mut shop.admin;

    let cases: Vec<(String, Vec<i64>)> = vec![
        ("status=paid".into(), vec![p3, p2, p1, p4, r1]),
        // Local dates in the shop's zone, both ends whole days.
        ("from=2026-11-26".into(), vec![p3, p2]),
        ("to=2026-11-25".into(), vec![p1, p4, r1]),
        ("from=2026-11-24&to=2026-11-25".into(), vec![p1, p4]),
        ("from=2026-11-26&to=2026-11-26".into(), vec![p3, p2]),
        (format!("number={number_of_p2}"), vec![p2]),
        (format!("number={digits_of_p2}"), vec![p2]),
        ("customer=aisha".into(), vec![p3, p1, r1]),
        ("customer=ALI".into(), vec![p3, p1, r1]),
        ("customer=777%201234".into(), vec![p3, p1, r1]),
        ("customer=7795500".into(), vec![p2, p4]),
        ("customer=nobody".into(), vec![]),
        (format!("staff={staff_id}"), vec![p3, p2]),
        ("staff=hass".into(), vec![p3, p2]),
        ("staff=AMIN".into(), vec![p1, p4, r1]),
        ("method=cash".into(), vec![p1, p4, r1]),
        ("method=internal-device".into(), vec![p2]),
        ("method=digital".into(), vec![p3]),
        ("minAmount=10".into(), vec![p3, p2, p1, r1]),
        ("maxAmount=10.00".into(), vec![p1, p4]),
        ("minAmount=25.5&maxAmount=99.99".into(), vec![p3, p2, r1]),
        ("minAmount=25.51".into(), vec![p3, r1]),
        (
            "method=cash&customer=aisha&to=2026-11-25".into(),
            vec![p1, r1],
        ),
        (format!("search={number_of_p4}"), vec![p4]),
        ("search=7795500".into(), vec![p2, p4]),
        ("search=hassan".into(), vec![p3, p2]),
        ("search=ben".into(), vec![p2, p4]),
        // The refunded list's dates are its refunds'.
        ("status=refunded".into(), vec![r1]),
        ("status=refunded&from=2026-11-26".into(), vec![r1]),
        ("status=refunded&to=2026-11-25".into(), vec![]),
        ("status=refunded&customer=ben".into(), vec![]),
        // Custom invoices match their typed-in customer.
        ("status=custom".into(), vec![c2, c1]),
        ("status=custom&customer=reef".into(), vec![c1]),
        ("status=custom&customer=3301234".into(), vec![c2]),
        ("status=custom&search=sea".into(), vec![c2]),
        ("status=custom&from=2026-11-26".into(), vec![c2]),
        ("status=custom&method=cash".into(), vec![]),
    ];
    for (query, expected) in cases {
        let path = format!("/invoice?{query}");
        assert_eq!(listed(admin, &path).await, expected, "{path}");
    }

    // A narrowed list pages too, and each link repeats what narrows it.
    let (pages, links) = walk_ids(admin, "/invoice?status=paid&customer=aisha&limit=1").await;
    assert_eq!(pages, [vec![p3], vec![p1], vec![r1]]);
    assert!(
        links
            .iter()
            .all(|link| link.starts_with("/invoice?status=paid&customer=aisha&limit=1&after=")),
        "{links:?}"
    );
}

async fn bad_parameters_are_refused_naming_them(backend: Backend) {
    let mut shop = ListShop::start(backend).await;
    let History { r1, .. } = history(&shop).await;
    let long = "x".repeat(101);
    let cases = [
        (
            "status=saved".to_owned(),
            "Status must be paid, refunded or custom",
        ),
        (
            "from=26-11-2026".to_owned(),
            "from must be a date like 2026-11-26",
        ),
        (
            "from=2026-02-30".to_owned(),
            "from must be a date like 2026-11-26",
        ),
        ("to=today".to_owned(), "to must be a date like 2026-11-26"),
        (
            "from=2026-11-27&to=2026-11-26".to_owned(),
            "from must not be after to",
        ),
        (
            "number=INV-0".to_owned(),
            "number must be an invoice number like INV-000042 or 42",
        ),
        (
            "number=Aisha".to_owned(),
            "number must be an invoice number like INV-000042 or 42",
        ),
        (
            "method=card".to_owned(),
            "method must be cash, internal-device, digital, store-credit or gift-card",
        ),
        (
            "minAmount=-1".to_owned(),
            "minAmount must be an amount like 12.50: digits, at most 2 decimals, not negative",
        ),
        (
            "maxAmount=1.005".to_owned(),
            "maxAmount must be an amount like 12.50: digits, at most 2 decimals, not negative",
        ),
        (
            "minAmount=5&maxAmount=4.99".to_owned(),
            "minAmount must not be more than maxAmount",
        ),
        (
            format!("staff={long}"),
            "staff must be a user id or part of a name, at most 100 characters",
        ),
        (
            format!("customer={long}"),
            "customer must be at most 100 characters",
        ),
        (
            format!("search={long}"),
            "search must be at most 100 characters",
        ),
        // PostgreSQL refuses a NUL in any text it compares: refused before any query.
        (
            "customer=Ai%00sha".to_owned(),
            "customer cannot contain line breaks or control characters",
        ),
        (
            "search=%1B%5B2J".to_owned(),
            "search cannot contain line breaks or control characters",
        ),
        (
            "staff=Ben%00".to_owned(),
            "staff must be a user id or part of a name, at most 100 characters",
        ),
        (
            "limit=0".to_owned(),
            "limit must be a whole number from 1 to 1000",
        ),
        (
            "limit=1001".to_owned(),
            "limit must be a whole number from 1 to 1000",
        ),
        (
            "after=nonsense".to_owned(),
            "after must be the cursor of this list's previous page, as its Link header gives it",
        ),
    ];
    for (query, message) in cases {
        let reply = shop.admin.get(&format!("/invoice?{query}")).await;
        refused_with(&reply, 400, message);
    }
    // One list's cursor is not another's.
    let refunded = shop.admin.get("/invoice?status=refunded&limit=1").await;
    assert_eq!(listed_ids(&refunded), [r1]);
    let paid = shop.admin.get("/invoice?status=paid&limit=1").await;
    let cursor = cursor_of(&next_page(&paid).unwrap());
    let reply = shop
        .admin
        .get(&format!("/invoice?status=refunded&after={cursor}"))
        .await;
    refused_with(
        &reply,
        400,
        "after must be the cursor of this list's previous page, as its Link header gives it",
    );
}

async fn another_shops_invoices_never_show(backend: Backend) {
    let mut shop = ListShop::start(backend).await;
    let ours = history(&shop).await;
    let (app, seeded) = (&shop.app, &shop.seeded);
    // The other shop sells to a customer of the same name and phone, numbered from 1 as well,
    // at the same times and later.
    let midnight = NOV_26_LOCAL_MIDNIGHT;
    let theirs: Vec<Sale> = (0..6)
        .map(|at| Sale {
            refunded_at: Some(midnight + 2 * HOUR_MS),
            refunded_cents: 100,
            ..Sale::paid(shop.other_aisha, 1000, midnight + at * HOUR_MS)
        })
        .collect();
    let shop_b = seeded.other_shop.id;
    let theirs = write_sales(app, shop_b, &seeded.other_staff, &shop.other_tea, &theirs).await;
    let their_custom =
        write_custom_invoice(app, shop_b, ("Reef Resort", "7790000"), midnight).await;

    let queries = [
        "status=paid",
        "status=paid&customer=aisha",
        "status=paid&search=7771234",
        "status=paid&number=1",
        "status=paid&from=2026-11-26",
        "status=refunded",
        "status=custom&customer=reef",
    ];
    let expected = [
        vec![ours.p3, ours.p2, ours.p1, ours.p4, ours.r1],
        vec![ours.p3, ours.p1, ours.r1],
        vec![ours.p3, ours.p1, ours.r1],
        vec![ours.p1],
        vec![ours.p3, ours.p2],
        vec![ours.r1],
        vec![ours.c1],
    ];
    for (query, expected) in queries.iter().zip(expected) {
        let (pages, _) = walk_ids(&mut shop.admin, &format!("/invoice?{query}&limit=2")).await;
        assert_eq!(pages.concat(), expected, "{query}");
        let (pages, _) = walk_ids(&mut shop.other_admin, &format!("/invoice?{query}")).await;
        let seen = pages.concat();
        assert!(
            seen.iter()
                .all(|id| theirs.contains(id) || *id == their_custom),
            "{query}: {seen:?}"
        );
    }
    // The other shop's cursor, replayed here, only says where our own list starts.
    let their_page = shop.other_admin.get("/invoice?status=paid&limit=3").await;
    let cursor = cursor_of(&next_page(&their_page).unwrap());
    let replayed = shop
        .admin
        .get(&format!("/invoice?status=paid&after={cursor}"))
        .await;
    // Their third newest sale was paid at 03:00 on 26 November: ours from there on are older.
    assert_eq!(listed_ids(&replayed), [ours.p2, ours.p1, ours.p4, ours.r1]);
}
