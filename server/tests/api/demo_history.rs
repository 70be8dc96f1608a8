//! The demo shop's history reads as if its till had made it (setup::demo_sales): the
//! customers' points are what paying and refunding those sales leave by the loyalty rules, the
//! refunds are stored as the refund route stores them and the invoices show them, open orders
//! wait with their lines, the paid sales have receipt numbers in the order they were paid, and
//! the dashboards are the sales net of refunds, as paying and
//! refunding keep them and as a rebuild computes them.

use std::collections::{BTreeMap, BTreeSet};

use pos_core::dashboard::{local_date, time_zone};
use pos_core::loyalty::{LedgerKind, sale_entries_for};
use pos_core::refund::{
    RefundByAmountInput, RefundByLinesInput, RefundInvoiceLine, RefundRequestItem,
    ReverseLoyaltyInput, refund_by_amount, refund_by_lines, reverse_loyalty,
};
use pos_server::dashboard::rollup::{self, ShopRollups};
use pos_server::db::dashboard as rollup_rows_db;
use pos_server::db::invoices::{Invoice, InvoiceLine};
use pos_server::db::support::scaled::{CENTS, money, to_scaled};
use pos_server::sales::pricing::{cart_line, price};
use pos_server::setup::{demo, demo_sales};
use rust_decimal::Decimal;
use serde_json::json;

use crate::dashboard_support::{chart, rebuild, rollup_rows, summary};
use crate::demo_history_support::{DemoShop, LedgerRow, RefundRow, amount_text, cents};
use crate::identity_support::Browser;
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    demo_customers_hold_the_points_the_loyalty_rules_give,
    demo_refunds_are_stored_as_the_refund_route_stores_them,
    demo_open_orders_wait_with_their_lines,
    demo_sales_are_numbered_in_the_order_they_were_paid,
    demo_dashboards_are_the_sales_net_of_refunds_as_a_rebuild_counts_them,
);

fn scaled(value: Decimal) -> i64 {
    to_scaled(value, CENTS).unwrap()
}

fn ledger_row(invoice: &Invoice, kind: LedgerKind, points: Decimal, at: i64) -> LedgerRow {
    LedgerRow {
        customer_id: invoice.customer_id.unwrap(),
        invoice_id: Some(invoice.id),
        kind: kind.as_str().to_owned(),
        points_cents: scaled(points),
        created_at: at,
    }
}

/// The ledger rows paying `invoice` and giving its `refunds` write (sales::settle,
/// sales::refunds), each refund's points checked against its row.
fn expected_ledger(
    invoice: &Invoice,
    lines: &[InvoiceLine],
    refunds: &[RefundRow],
) -> Vec<LedgerRow> {
    let cart_lines: Vec<_> = lines.iter().map(cart_line).collect();
    let cart = price(
        &cart_lines,
        money(invoice.redeem_cents),
        invoice.earns_points(),
    )
    .unwrap();
    assert_eq!(scaled(cart.points_earned), invoice.points_earned_cents);
    assert_eq!(scaled(cart.total_amount), invoice.total_amount_cents);
    let paid_at = invoice.paid_at.unwrap();
    let mut rows: Vec<LedgerRow> = sale_entries_for(invoice.id.to_string(), &cart)
        .into_iter()
        .map(|entry| ledger_row(invoice, entry.kind, entry.points, paid_at))
        .collect();
    let (mut refunded, mut reversed, mut restored) = (0, 0, 0);
    for refund in refunds {
        refunded += refund.amount_cents;
        let reversal = reverse_loyalty(ReverseLoyaltyInput {
            invoice_id: invoice.id.to_string(),
            points_earned: money(invoice.points_earned_cents),
            points_redeemed: money(invoice.redeem_cents),
            paid: money(invoice.total_amount_cents),
            refunded_total: money(refunded),
            already_reversed: money(reversed),
            already_restored: money(restored),
            fully_refunded: refunded == invoice.total_amount_cents,
        })
        .unwrap();
        assert_eq!(
            refund.points_reversed_cents,
            scaled(reversal.reverse_points)
        );
        assert_eq!(
            refund.points_restored_cents,
            scaled(reversal.restore_points)
        );
        reversed += refund.points_reversed_cents;
        restored += refund.points_restored_cents;
        rows.extend(
            reversal
                .entries
                .into_iter()
                .map(|entry| ledger_row(invoice, entry.kind, entry.points, refund.created_at)),
        );
    }
    rows
}

async fn demo_customers_hold_the_points_the_loyalty_rules_give(backend: Backend) {
    let shop = DemoShop::start(backend).await;
    let mut expected = Vec::new();
    for (invoice, lines) in shop.sales().await {
        let refunds = shop.refunds_of(invoice.id).await;
        expected.extend(expected_ledger(&invoice, &lines, &refunds));
    }
    let ledger = shop.ledger().await;
    let mut written = ledger.clone();
    written.sort();
    expected.sort();
    assert_eq!(written, expected);

    // Written in the order dated, and every redemption covered by the points its customer
    // held when the sale was paid, as paying checks.
    let mut held: BTreeMap<i64, i64> = BTreeMap::new();
    let mut redeemed = 0;
    for (row, next) in ledger.iter().zip(ledger.iter().skip(1)) {
        assert!(row.created_at <= next.created_at, "{row:?} before {next:?}");
    }
    for row in &ledger {
        let balance = held.entry(row.customer_id).or_default();
        if row.kind == "redeem" {
            assert!(*balance >= -row.points_cents, "{row:?} with {balance} held");
            redeemed += 1;
        }
        *balance += row.points_cents;
    }
    assert!(redeemed >= 3, "{redeemed} sales redeemed points");

    // Each customer's balance is its ledger's sum, and the customers screen shows it.
    let balances = shop.balances().await;
    let by_customer: BTreeMap<i64, i64> = balances.iter().copied().collect();
    assert_eq!(by_customer, held);
    let positive = balances.iter().filter(|(_, cents)| *cents > 0).count();
    assert!(positive >= 3, "{balances:?}");
    let mut admin = shop.admin;
    let listed = admin.get("/customer").await;
    listed.assert_status(200);
    for customer in listed.data().as_array().unwrap() {
        let id: i64 = customer["_id"].as_str().unwrap().parse().unwrap();
        assert_eq!(
            cents(&customer["loyalityPoint"]),
            by_customer[&id],
            "{customer}"
        );
        assert_eq!(cents(&customer["pointAmount"]), by_customer[&id]);
    }
}

/// Replays `refunds` of `invoice` with pos_core as the refund route plans them: by amount, or
/// by the units its lines show refunded (the demo refunds an invoice by lines once at most).
/// Answers whether the last one refunded everything.
fn replay_refunds(invoice: &Invoice, lines: &[InvoiceLine], refunds: &[RefundRow]) -> bool {
    let paid = money(invoice.total_amount_cents);
    let mut already = Decimal::ZERO;
    let mut fully = false;
    assert!(refunds.iter().filter(|refund| refund.by_lines == 1).count() <= 1);
    for refund in refunds {
        let amount = money(refund.amount_cents);
        let (given, total, full) = if refund.by_lines == 1 {
            let planned = refund_by_lines(RefundByLinesInput {
                lines: lines
                    .iter()
                    .map(|line| RefundInvoiceLine {
                        line_id: Some(line.id.to_string()),
                        product_id: line.product_id.to_string(),
                        product_name: line.product_name.clone(),
                        quantity: line.quantity,
                        total: line.total,
                        refunded_quantity: Decimal::ZERO,
                    })
                    .collect(),
                redeem_amount: money(invoice.redeem_cents),
                already_refunded: already,
                request: lines
                    .iter()
                    .filter(|line| !line.refunded_quantity.is_zero())
                    .map(|line| RefundRequestItem {
                        line_id: Some(line.id.to_string()),
                        product_id: None,
                        quantity: line.refunded_quantity,
                    })
                    .collect(),
            })
            .unwrap();
            (
                planned.amount,
                planned.refunded_total,
                planned.fully_refunded,
            )
        } else {
            let planned = refund_by_amount(RefundByAmountInput {
                paid,
                already_refunded: already,
                amount,
            })
            .unwrap();
            (
                planned.accepted,
                planned.refunded_total,
                planned.fully_refunded,
            )
        };
        assert_eq!(given, amount, "invoice {}", invoice.invoice_number);
        already = total;
        fully = full;
    }
    if refunds.iter().all(|refund| refund.by_lines == 0) {
        assert!(lines.iter().all(|line| line.refunded_quantity.is_zero()));
    }
    assert_eq!(already, money(invoice.refunded_cents));
    fully
}

async fn demo_refunds_are_stored_as_the_refund_route_stores_them(backend: Backend) {
    let shop = DemoShop::start(backend).await;
    let now = shop.app.clock.now_millis();
    let mut seen = BTreeSet::new();
    let mut shown = Vec::new();
    for (invoice, lines) in shop.sales().await {
        let refunds = shop.refunds_of(invoice.id).await;
        if refunds.is_empty() {
            assert_eq!((invoice.refunded_cents, invoice.refunded_at), (0, None));
            assert_eq!(invoice.status, "paid");
            continue;
        }
        // Cash and swipe only (a card's refund goes through Stripe), given by the admin after
        // the sale and before today, the invoice's last change.
        let method = invoice.payment_method.clone().unwrap();
        assert!(method == "cash" || method == "internal-device", "{method}");
        let last = refunds.last().unwrap().created_at;
        for refund in &refunds {
            assert_eq!(refund.stripe_refund_id, None);
            assert_eq!(refund.staff_name, "DemoAdmin");
            assert!(refund.created_at > invoice.paid_at.unwrap() && refund.created_at < now);
        }
        assert_eq!(
            (invoice.refunded_at, invoice.updated_at),
            (Some(last), last)
        );
        let fully = replay_refunds(&invoice, &lines, &refunds);
        let status = if fully { "refunded" } else { "paid" };
        assert_eq!(invoice.status, status);
        seen.insert(match (fully, refunds.len(), refunds[0].by_lines) {
            (true, 1, 0) => "in full by amount",
            (false, 1, 0) => "in part by amount",
            (_, 1, _) => "by lines",
            _ => "in part, then the rest",
        });
        seen.insert(if method == "cash" { "cash" } else { "swipe" });
        shown.push((invoice, lines, fully));
    }
    let all = [
        "in full by amount",
        "in part by amount",
        "by lines",
        "in part, then the rest",
    ];
    for kind in all.into_iter().chain(["cash", "swipe"]) {
        assert!(seen.contains(kind), "no refund {kind}: {seen:?}");
    }

    // The invoice screen shows each as stored; the refunded list holds them all.
    let mut admin = shop.admin;
    for (invoice, lines, fully) in &shown {
        let reply = admin.get(&format!("/invoice/{}", invoice.id)).await;
        reply.assert_status(200);
        let shown = reply.data();
        assert_eq!(shown["status"], if *fully { "refunded" } else { "paid" });
        assert_eq!(cents(&shown["refundedAmount"]), invoice.refunded_cents);
        assert_eq!(shown["refundedAt"], json!(invoice.refunded_at));
        let returned: Vec<i64> = shown["products"]
            .as_array()
            .unwrap()
            .iter()
            .map(|line| (line["refundedQuantity"].as_f64().unwrap() * 1000.0).round() as i64)
            .collect();
        let stored: Vec<i64> = lines
            .iter()
            .map(|line| {
                (line.refunded_quantity * Decimal::from(1000))
                    .try_into()
                    .unwrap()
            })
            .collect();
        assert_eq!(returned, stored);
    }
    let refunded = admin.get("/invoice?status=refunded").await;
    refunded.assert_status(200);
    assert_eq!(refunded.data().as_array().unwrap().len(), shown.len());
}

async fn demo_sales_are_numbered_in_the_order_they_were_paid(backend: Backend) {
    let shop = DemoShop::start(backend).await;
    let numbers: Vec<Option<i64>> = sqlx::query_scalar(
        "SELECT receipt_number FROM invoices WHERE shop_id = $1 AND paid_at IS NOT NULL \
         ORDER BY paid_at, invoice_number",
    )
    .bind(shop.shop_id)
    .fetch_all(shop.app.db.pool())
    .await
    .unwrap();
    let count = i64::try_from(demo_sales::DEMO_SALES).unwrap();
    let expected: Vec<Option<i64>> = (1..=count).map(Some).collect();
    assert_eq!(numbers, expected);
    let unnumbered: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM invoices WHERE shop_id = $1 AND paid_at IS NULL \
         AND receipt_number IS NULL",
    )
    .bind(shop.shop_id)
    .fetch_one(shop.app.db.pool())
    .await
    .unwrap();
    assert_eq!(
        unnumbered as u64,
        demo_sales::DEMO_OPEN_ORDERS,
        "open orders have none"
    );
}

async fn demo_open_orders_wait_with_their_lines(backend: Backend) {
    let shop = DemoShop::start(backend).await;
    let pool = shop.app.db.pool();
    let staff_id: String = sqlx::query_scalar("SELECT staff_id FROM users WHERE role = 'staff'")
        .fetch_one(pool)
        .await
        .unwrap();
    let mut staff = Browser::new(&shop.app);
    let till = json!({"email": demo::SHOP_EMAIL, "password": demo::SHOP_PASSWORD});
    staff.post("/shop/login", till).await.assert_status(200);
    let member = json!({"staffId": staff_id, "password": demo::STAFF_PASSWORD});
    staff.post("/staff/login", member).await.assert_status(200);
    let mut admin = shop.admin;

    let path = "/invoice/save/status-saved";
    let orders = admin.get(path).await;
    orders.assert_status(200);
    let orders = orders.data().as_array().unwrap().clone();
    assert_eq!(orders.len() as u64, demo_sales::DEMO_OPEN_ORDERS);
    let by_staff = staff.get(path).await;
    assert_eq!(by_staff.data().as_array().unwrap(), &orders);
    let mut sellers = BTreeSet::new();
    let mut customers = BTreeSet::new();
    for order in &orders {
        assert_eq!(order["status"], "saved");
        assert_eq!(
            (&order["paidAt"], &order["paymentMethod"]),
            (&json!(null), &json!(null))
        );
        let lines = order["products"].as_array().unwrap();
        assert!(!lines.is_empty(), "{order}");
        let lines_total: i64 = lines.iter().map(|line| cents(&line["total"])).sum();
        assert_eq!(cents(&order["totalAmount"]), lines_total);
        assert!(cents(&order["totalAmount"]) > 0);
        sellers.insert(order["staff"].as_str().unwrap().to_owned());
        customers.insert(order["customer"]["_id"].as_str().unwrap().to_owned());
    }
    let expected = ["DemoAdmin (admin)", "DemoStaff (staff)"].map(str::to_owned);
    assert_eq!(sellers, BTreeSet::from(expected));
    assert!(customers.len() >= 3, "{customers:?}");

    // Priced as adding their lines prices a cart, and still open to pay.
    let saved: Vec<i64> = sqlx::query_scalar("SELECT id FROM invoices WHERE status = 'saved'")
        .fetch_all(pool)
        .await
        .unwrap();
    for id in saved {
        let invoice = pos_server::db::invoices::find(pool, shop.shop_id, id)
            .await
            .unwrap()
            .unwrap();
        let lines = pos_server::db::invoices::lines(pool, shop.shop_id, id)
            .await
            .unwrap();
        let cart_lines: Vec<_> = lines.iter().map(cart_line).collect();
        let cart = price(&cart_lines, Decimal::ZERO, invoice.earns_points()).unwrap();
        assert_eq!(scaled(cart.total_amount), invoice.total_amount_cents);
        assert_eq!(scaled(cart.points_earned), invoice.points_earned_cents);
        for (line, priced) in lines.iter().zip(&cart.lines) {
            assert_eq!(line.total, priced.total);
        }
    }
}

async fn demo_dashboards_are_the_sales_net_of_refunds_as_a_rebuild_counts_them(backend: Backend) {
    let shop = DemoShop::start(backend).await;
    let (app, shop_id) = (&shop.app, shop.shop_id);
    let zone_name = "Indian/Maldives";
    let zone = time_zone(zone_name).unwrap();
    let sales = shop.sales().await;
    let built = rollup_rows(app, shop_id).await;

    // Paying and refunding each sale adds its difference (dashboard::rollup); over a sale's
    // life the differences add up to what it counts for once its refunds are in.
    let rollups = ShopRollups {
        shop_id,
        zone: Some(zone_name),
    };
    let mut tx = app.db.writer().begin().await.unwrap();
    rollup_rows_db::clear(&mut tx, shop_id).await.unwrap();
    for (invoice, lines) in &sales {
        let counted = rollup::contribution(invoice, lines).unwrap();
        rollup::record(&mut tx, rollups, None, counted.as_ref())
            .await
            .unwrap();
    }
    tx.commit().await.unwrap();
    assert_eq!(rollup_rows(app, shop_id).await, built);

    // The charts read the sales net of refunds, and read the same after a rebuild.
    // Every year from the first sale's to today's, each with what it kept.
    let this_year = local_date(app.clock.now_millis(), &zone).unwrap().year;
    let first_year = local_date(sales[0].0.paid_at.unwrap(), &zone).unwrap().year;
    let mut kept_by_year: BTreeMap<i16, i64> =
        (first_year..=this_year).map(|year| (year, 0)).collect();
    for (invoice, _) in sales.iter().filter(|(invoice, _)| invoice.status == "paid") {
        let year = local_date(invoice.paid_at.unwrap(), &zone).unwrap().year;
        *kept_by_year.entry(year).or_default() +=
            invoice.total_amount_cents - invoice.refunded_cents;
    }
    let years: Vec<String> = kept_by_year
        .iter()
        .map(|(year, kept)| format!("{year}={}", amount_text(*kept)))
        .collect();
    let admin = &shop.admin;
    let paths = [
        "/admin/dashboard/invoices/year?methods=all",
        "/admin/dashboard/invoices/month?methods=all",
        "/admin/dashboard/invoices/days",
        "/admin/dashboard/invoices/categories",
    ];
    let mut before = Vec::new();
    for path in paths {
        before.push(chart(app, admin, path).await);
    }
    assert_eq!(before[0], years);
    let category_total: i64 = before[3]
        .iter()
        .map(|row| cents(&serde_json::from_str(row.split('=').nth(1).unwrap()).unwrap()))
        .sum();
    assert_eq!(category_total, kept_by_year.values().sum::<i64>());
    let methods = format!("/admin/dashboard/invoices/payment-method?year={this_year}");
    let methods_before = summary(app, admin, &methods).await;
    assert!(methods_before.ends_with(&format!("total={}", amount_text(kept_by_year[&this_year]))));

    rebuild(app, shop_id).await;
    assert_eq!(rollup_rows(app, shop_id).await, built);
    for (path, earlier) in paths.into_iter().zip(&before) {
        assert_eq!(&chart(app, admin, path).await, earlier, "{path}");
    }
    assert_eq!(summary(app, admin, &methods).await, methods_before);
}
