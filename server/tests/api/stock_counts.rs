//! Stock counts (docs/api-stock.md, "Counts"): the shelf counted while the shop keeps selling,
//! each counted product's difference posted once as a `count` row of its ledger; a count that
//! is posted or cancelled takes no more lines; a refused entry changes nothing.

use pos_server::db::catalog::stock_moves;
use rust_decimal::Decimal;
use serde_json::{Value, json};

use crate::identity_support::{Browser, Reply};
use crate::management_support::admin;
use crate::sales_support::{SalesShop, cart_with, create_category, dec};
use crate::support::{Backend, TestApp, on_both_backends};
use crate::sync_support::pull;
use crate::till_support::{TillShop, invoice, line, pay, payment};

on_both_backends!(
    a_count_keeps_the_sales_made_while_counting,
    posting_twice_writes_the_differences_once,
    a_closed_count_takes_no_lines_and_one_is_open_at_a_time,
    a_refused_entry_changes_nothing,
    counts_are_for_the_stock_count_grant_in_the_callers_shop,
    a_line_counted_offline_expects_the_stock_of_its_own_time,
    a_late_sale_from_before_the_count_is_not_a_shortage,
    a_sale_paid_while_the_count_is_posted_is_no_shortage,
);

fn count_path(count: &str) -> String {
    format!("/stock/counts/{count}")
}

async fn start(browser: &mut Browser, body: Value) -> Reply {
    browser.post("/stock/counts", body).await
}

async fn enter(browser: &mut Browser, count: &str, lines: Value) -> Reply {
    browser
        .call(
            "PUT",
            &format!("{}/lines", count_path(count)),
            Some(json!({ "lines": lines })),
        )
        .await
}

async fn post(browser: &mut Browser, count: &str) -> Reply {
    browser
        .post_empty(&format!("{}/post", count_path(count)))
        .await
}

async fn cancel(browser: &mut Browser, count: &str) -> Reply {
    browser
        .post_empty(&format!("{}/cancel", count_path(count)))
        .await
}

fn id(reply: &Reply) -> String {
    reply.data()["_id"].as_str().unwrap().to_owned()
}

/// The line of `product` in a count answer.
fn line_of(count: &Value, product: &str) -> Value {
    count["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|line| line["productId"] == product)
        .unwrap_or_else(|| panic!("{product} in {count:#}"))
        .clone()
}

/// `(expected, counted, difference, costValue)` of `product`'s line, `null`s as `None`.
fn figures(
    count: &Value,
    product: &str,
) -> (Decimal, Option<Decimal>, Option<Decimal>, Option<Decimal>) {
    let line = line_of(count, product);
    let maybe = |value: &Value| (!value.is_null()).then(|| dec(value));
    (
        dec(&line["expected"]),
        maybe(&line["counted"]),
        maybe(&line["difference"]),
        maybe(&line["costValue"]),
    )
}

fn n(value: i64) -> Decimal {
    Decimal::from(value)
}

fn money(text: &str) -> Decimal {
    text.parse().unwrap()
}

/// What `product` has on hand, and the changes of its `count` rows, oldest first.
async fn stock_of(browser: &mut Browser, product: &str) -> (Decimal, Vec<Decimal>) {
    let reply = browser
        .get(&format!("/stock/products/{product}/moves?limit=200"))
        .await;
    reply.assert_status(200);
    let mut counts: Vec<Decimal> = reply.data()["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|row| row["kind"] == "count")
        .map(|row| dec(&row["change"]))
        .collect();
    counts.reverse();
    (dec(&reply.data()["product"]["quantity"]), counts)
}

/// The shop's products whose quantity is not the sum of their ledger: none, always.
async fn assert_ledger_agrees(app: &TestApp, shop_id: i64) {
    let off = stock_moves::disagreements(app.db.pool(), shop_id)
        .await
        .unwrap();
    assert!(off.is_empty(), "quantity and ledger disagree: {off:?}");
}

/// A cash sale of `quantity` of `product` at the web till, by the shop's staff member.
async fn sell(till: &mut TillShop, product: &str, quantity: &str) {
    let ann = till.ann.clone();
    let sold = cart_with(&mut till.shop.staff, &ann, &[(product, quantity)]).await;
    till.shop
        .staff
        .post_empty(&format!("/payment/cash/invoice/{sold}"))
        .await
        .assert_status(200);
}

async fn a_count_keeps_the_sales_made_while_counting(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let dry = create_category(&mut till.shop.admin, "Dry goods", "0").await;
    let in_dry = |quantity: i64, cost: &str| json!({"category": dry, "quantity": quantity, "costPrice": cost});
    let rice = till.shop.product("Rice", in_dry(20, "2.10")).await;
    let beans = till.shop.product("Beans", in_dry(20, "4")).await;
    let salt = till.shop.product("Salt", in_dry(5, "6")).await;
    let flour = till.shop.product("Flour", in_dry(9, "1")).await;
    let cola = till.cola.clone();

    let started = start(
        &mut till.shop.admin,
        json!({"categoryId": dry, "note": "Dry shelf", "ref": "count-dry-1"}),
    )
    .await;
    started.assert_status(201);
    assert_eq!(started.message(), "Count started");
    let count = id(&started);
    let data = started.data();
    assert_eq!(data["status"], "open");
    assert_eq!(data["categoryId"], json!(dry));
    assert_eq!(data["categoryName"], "Dry goods");
    assert_eq!(data["note"], "Dry shelf");
    assert_eq!(data["startedBy"], json!(till.shop.seeded.admin.user_name));
    assert_eq!(data["closedAt"], Value::Null);
    // The category's products, not the other category's cola.
    let products: Vec<&str> = data["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| line["productId"].as_str().unwrap())
        .collect();
    assert_eq!(
        products,
        vec![beans.as_str(), flour.as_str(), rice.as_str(), salt.as_str()]
    );
    assert_eq!(figures(data, &rice), (n(20), None, None, None));
    assert_eq!(dec(&line_of(data, &rice)["unitCost"]), money("2.10"));
    assert_eq!(data["summary"]["linesCounted"], 0);
    // Sent again (a lost answer): the count it started.
    let again = start(
        &mut till.shop.admin,
        json!({"categoryId": dry, "ref": "count-dry-1"}),
    )
    .await;
    again.assert_status(200);
    assert_eq!(id(&again), count);

    // 3 beans sold before the beans were counted; rice counted, then 2 sold.
    sell(&mut till, &beans, "3").await;
    let entered = enter(
        &mut till.shop.admin,
        &count,
        json!([{"productId": rice, "counted": 20}]),
    )
    .await;
    entered.assert_status(200);
    assert_eq!(entered.message(), "Count updated");
    assert_eq!(
        figures(entered.data(), &rice),
        (n(20), Some(n(20)), Some(n(0)), Some(money("0.00")))
    );
    sell(&mut till, &rice, "2").await;
    let entered = enter(
        &mut till.shop.admin,
        &count,
        json!([{"productId": beans, "counted": "15"}, {"productId": salt, "counted": 7}]),
    )
    .await;
    entered.assert_status(200);
    // The beans sold before they were counted are not missing: 17 expected, 2 short.
    assert_eq!(
        figures(entered.data(), &beans),
        (n(17), Some(n(15)), Some(n(-2)), Some(money("-8.00")))
    );
    assert_eq!(
        figures(entered.data(), &salt),
        (n(5), Some(n(7)), Some(n(2)), Some(money("12.00")))
    );
    // Rice keeps what it expected when it was counted.
    assert_eq!(figures(entered.data(), &rice).0, n(20));
    let shown = till.shop.admin.get(&count_path(&count)).await;
    shown.assert_status(200);
    let summary = &shown.data()["summary"];
    assert_eq!(summary["linesCounted"], 3);
    assert_eq!(summary["linesDifferent"], 2);
    assert_eq!(dec(&summary["shortCostValue"]), money("-8.00"));
    assert_eq!(dec(&summary["overCostValue"]), money("12.00"));
    assert_eq!(dec(&summary["netCostValue"]), money("4.00"));
    assert_eq!(figures(shown.data(), &flour), (n(9), None, None, None));

    let posted = post(&mut till.shop.admin, &count).await;
    posted.assert_status(200);
    assert_eq!(posted.message(), "Count posted");
    assert_eq!(posted.data()["status"], "posted");
    assert_eq!(
        posted.data()["closedBy"],
        json!(till.shop.seeded.admin.user_name)
    );
    assert!(posted.data()["closedAt"].is_i64());
    // The sales made while counting stay: 20 counted, 2 sold since; 15 counted, none since.
    let admin = &mut till.shop.admin;
    assert_eq!(stock_of(admin, &rice).await, (n(18), vec![]));
    assert_eq!(stock_of(admin, &beans).await, (n(15), vec![n(-2)]));
    assert_eq!(stock_of(admin, &salt).await, (n(7), vec![n(2)]));
    assert_eq!(stock_of(admin, &flour).await, (n(9), vec![]));
    assert_eq!(stock_of(admin, &cola).await, (n(100), vec![]));
    // Posted again (a lost answer): the count as posted, nothing written twice.
    let again = post(admin, &count).await;
    again.assert_status(200);
    assert_eq!(again.data()["closedAt"], posted.data()["closedAt"]);
    assert_eq!(stock_of(admin, &beans).await, (n(15), vec![n(-2)]));
    assert_ledger_agrees(till.app(), till.shop_id()).await;

    let listed = till.shop.admin.get("/stock/counts").await;
    listed.assert_status(200);
    let row = &listed.data()["rows"][0];
    assert_eq!(row["_id"], json!(count));
    assert_eq!(row["status"], "posted");
    assert_eq!(row["categoryName"], "Dry goods");
    assert_eq!(
        (row["lines"].clone(), row["counted"].clone()),
        (json!(4), json!(3))
    );
    assert_eq!(listed.data()["more"], false);
}

async fn posting_twice_writes_the_differences_once(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let mugs = shop.product("Mug", json!({"quantity": 10})).await;
    let rice = shop
        .product("Rice", json!({"quantity": "5.5", "unit": "kg"}))
        .await;
    let started = start(&mut shop.admin, json!({"categoryId": null, "ref": "all-1"})).await;
    started.assert_status(201);
    let count = id(&started);
    enter(
        &mut shop.admin,
        &count,
        json!([{"productId": mugs, "counted": 7}, {"productId": rice, "counted": "5.75"}]),
    )
    .await
    .assert_status(200);
    let synced = pull(&mut shop.admin, "products", 0, 100).await.cursor;
    // Two admins post at once: one writes the rows, the other finds the count posted.
    let mut other = admin(&shop.app).await;
    let path = format!("{}/post", count_path(&count));
    let (one, two) = tokio::join!(shop.admin.post_empty(&path), other.post_empty(&path));
    one.assert_status(200);
    two.assert_status(200);
    assert_eq!(one.data()["closedAt"], two.data()["closedAt"]);
    assert_eq!(stock_of(&mut shop.admin, &mugs).await, (n(7), vec![n(-3)]));
    assert_eq!(
        stock_of(&mut shop.admin, &rice).await,
        (money("5.75"), vec![money("0.25")])
    );
    // The tills pull the products the count changed.
    let changed = pull(&mut shop.admin, "products", synced, 100).await;
    assert_eq!(changed.ids(), [mugs.clone(), rice.clone()].into());
    assert_eq!(dec(&changed.rows[&mugs]["quantity"]), n(7));
    post(&mut shop.admin, &count).await.assert_status(200);
    assert_eq!(stock_of(&mut shop.admin, &mugs).await, (n(7), vec![n(-3)]));
    assert_ledger_agrees(&shop.app, shop.seeded.shop.id).await;
}

async fn a_closed_count_takes_no_lines_and_one_is_open_at_a_time(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let mugs = shop.product("Mug", json!({"quantity": 10})).await;
    let first = start(&mut shop.admin, json!({"ref": "c-1"})).await;
    first.assert_status(201);
    let count = id(&first);
    let second = start(&mut shop.admin, json!({"ref": "c-2"})).await;
    second.assert_status(409);
    assert_eq!(
        second.message(),
        "A count is already open: post or cancel it first"
    );
    // Nothing counted yet: nothing to post, and the count stays open.
    let empty = post(&mut shop.admin, &count).await;
    empty.assert_status(400);
    assert_eq!(empty.message(), "Count at least one product before posting");
    enter(
        &mut shop.admin,
        &count,
        json!([{"productId": mugs, "counted": 4}]),
    )
    .await
    .assert_status(200);

    let cancelled = cancel(&mut shop.admin, &count).await;
    cancelled.assert_status(200);
    assert_eq!(cancelled.message(), "Count cancelled");
    assert_eq!(cancelled.data()["status"], "cancelled");
    cancel(&mut shop.admin, &count).await.assert_status(200);
    let refused = enter(
        &mut shop.admin,
        &count,
        json!([{"productId": mugs, "counted": 5}]),
    )
    .await;
    refused.assert_status(409);
    assert_eq!(refused.message(), "This count is cancelled");
    let refused = post(&mut shop.admin, &count).await;
    refused.assert_status(409);
    assert_eq!(refused.message(), "This count is cancelled");
    assert_eq!(stock_of(&mut shop.admin, &mugs).await, (n(10), vec![]));

    // Closed, it lets the next count start; posted, it takes no lines and cannot be cancelled.
    let next = start(&mut shop.admin, json!({"ref": "c-3"})).await;
    next.assert_status(201);
    let next = id(&next);
    enter(
        &mut shop.admin,
        &next,
        json!([{"productId": mugs, "counted": 9}]),
    )
    .await
    .assert_status(200);
    post(&mut shop.admin, &next).await.assert_status(200);
    let refused = enter(
        &mut shop.admin,
        &next,
        json!([{"productId": mugs, "counted": 5}]),
    )
    .await;
    refused.assert_status(409);
    assert_eq!(refused.message(), "This count is posted");
    let refused = cancel(&mut shop.admin, &next).await;
    refused.assert_status(409);
    assert_eq!(refused.message(), "This count is posted");
    assert_eq!(stock_of(&mut shop.admin, &mugs).await, (n(9), vec![n(-1)]));
    let listed = shop.admin.get("/stock/counts?limit=1").await;
    listed.assert_status(200);
    assert_eq!(listed.data()["rows"][0]["_id"], json!(next));
    assert_eq!(listed.data()["more"], true);
    let older = shop
        .admin
        .get(&format!("/stock/counts?limit=1&before={next}"))
        .await;
    assert_eq!(older.data()["rows"][0]["_id"], json!(count));
    assert_eq!(older.data()["rows"][0]["status"], "cancelled");
}

async fn a_refused_entry_changes_nothing(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let mugs = shop.product("Mug", json!({"quantity": 10})).await;
    let rice = shop
        .product("Rice", json!({"quantity": "5.5", "unit": "kg"}))
        .await;
    let missing = start(&mut shop.admin, json!({"categoryId": "999999", "ref": "x"})).await;
    missing.assert_status(404);
    assert_eq!(missing.message(), "Category not found");
    let started = start(&mut shop.admin, json!({"ref": "c-1"})).await;
    started.assert_status(201);
    let count = id(&started);
    // Created after the count started: not in it.
    let late = shop.product("Late", json!({"quantity": 3})).await;
    let line = |product: &str, counted: Value| json!({"productId": product, "counted": counted});
    let refusals = [
        (json!([]), 400, "Enter at least one counted line"),
        (
            json!([line(&mugs, json!(8)), line(&rice, json!(-1))]),
            400,
            "Line 2: counted cannot be negative",
        ),
        (
            json!([line(&rice, json!("2.5")), line(&mugs, json!("1.5"))]),
            400,
            "Line 2: counted must be a whole number for unit no",
        ),
        (
            json!([line(&mugs, json!(8)), line(&mugs, json!(9))]),
            400,
            "Line 2: the product is already on line 1",
        ),
        (
            json!([line(&mugs, json!(8)), {"productId": rice}]),
            400,
            "Line 2: counted is required (null clears it)",
        ),
        (
            json!([line(&mugs, json!(8)), line(&late, json!(3))]),
            404,
            "Line 2: Product not in this count",
        ),
    ];
    for (lines, status, message) in refusals {
        let reply = enter(&mut shop.admin, &count, lines.clone()).await;
        reply.assert_status(status);
        assert_eq!(reply.message(), message, "{lines}");
    }
    let shown = shop.admin.get(&count_path(&count)).await;
    assert_eq!(figures(shown.data(), &mugs), (n(10), None, None, None));
    assert_eq!(
        figures(shown.data(), &rice),
        (money("5.5"), None, None, None)
    );
    assert_eq!(shown.data()["summary"]["linesCounted"], 0);
    // Counted, then cleared with null.
    enter(&mut shop.admin, &count, json!([line(&mugs, json!(8))]))
        .await
        .assert_status(200);
    let cleared = enter(&mut shop.admin, &count, json!([line(&mugs, Value::Null)])).await;
    cleared.assert_status(200);
    assert_eq!(figures(cleared.data(), &mugs), (n(10), None, None, None));
    assert_eq!(stock_of(&mut shop.admin, &mugs).await, (n(10), vec![]));
    for missing in ["999999", "abc"] {
        let reply = shop.admin.get(&count_path(missing)).await;
        reply.assert_status(404);
        assert_eq!(reply.message(), "Count not found");
    }
}

async fn counts_are_for_the_stock_count_grant_in_the_callers_shop(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let mugs = shop.product("Mug", json!({"quantity": 10})).await;
    let started = start(&mut shop.admin, json!({"ref": "c-1"})).await;
    started.assert_status(201);
    let count = id(&started);
    let counted = json!([{"productId": mugs, "counted": 6}]);

    // Another shop's admin finds no such count, and changes nothing.
    let mut other = shop.other_shop().await;
    other.get(&count_path(&count)).await.assert_status(404);
    enter(&mut other, &count, counted.clone())
        .await
        .assert_status(404);
    post(&mut other, &count).await.assert_status(404);
    cancel(&mut other, &count).await.assert_status(404);
    let listed = other.get("/stock/counts").await;
    listed.assert_status(200);
    assert_eq!(listed.data()["rows"], json!([]));

    // Staff without the grant are refused; granted, they count.
    let staff = &mut shop.staff;
    staff.get("/stock/counts").await.assert_status(403);
    staff.get(&count_path(&count)).await.assert_status(403);
    enter(staff, &count, counted.clone())
        .await
        .assert_status(403);
    post(staff, &count).await.assert_status(403);
    start(staff, json!({"ref": "s-1"})).await.assert_status(403);
    let grant = format!("/admin/staff/{}/permissions", shop.seeded.staff.id);
    shop.admin
        .call("PATCH", &grant, Some(json!({"permission": "stock_count"})))
        .await
        .assert_status(200);
    let staff = &mut shop.staff;
    enter(staff, &count, counted).await.assert_status(200);
    let posted = post(staff, &count).await;
    posted.assert_status(200);
    assert_eq!(
        posted.data()["closedBy"],
        json!(shop.seeded.staff.user_name)
    );
    assert_eq!(stock_of(&mut shop.admin, &mugs).await, (n(6), vec![n(-4)]));
    assert_eq!(
        figures(posted.data(), &mugs),
        (n(10), Some(n(6)), Some(n(-4)), Some(money("-24.00")))
    );
}

/// A till shop with 20 tea (cost 4.00, sold at 10.00) and 8 jam, and a count of every product
/// started a minute ago, when `began`.
struct OfflineCount {
    till: TillShop,
    tea: String,
    jam: String,
    count: String,
    began: i64,
}

impl OfflineCount {
    async fn start(backend: Backend) -> Self {
        let mut till = TillShop::start(backend).await;
        let tea = till
            .shop
            .product(
                "Tea",
                json!({"quantity": 20, "sellingPrice": "10", "costPrice": "4"}),
            )
            .await;
        let jam = till.shop.product("Jam", json!({"quantity": 8})).await;
        let started = start(
            &mut till.shop.admin,
            json!({"categoryId": null, "ref": "count-offline"}),
        )
        .await;
        started.assert_status(201);
        let count = id(&started);
        let began = started.data()["startedAt"].as_i64().unwrap();
        till.app().clock.advance(std::time::Duration::from_secs(60));
        Self {
            till,
            tea,
            jam,
            count,
            began,
        }
    }
}

/// A till sale of `quantity` of `product` paid at `paid_at`, synced now (its own ref each).
async fn sync_till_sale(
    till: &mut TillShop,
    sale_ref: &str,
    product: &str,
    quantity: &str,
    paid_at: i64,
) {
    let mut sold = invoice(&till.ann, vec![line(product, quantity, "10.00")], "0");
    sold["createdAt"] = json!(paid_at - 1_000);
    let total = (quantity.parse::<Decimal>().unwrap() * Decimal::TEN).to_string();
    let mut body = payment("cash", &total, sold);
    body["paidAt"] = json!(paid_at);
    pay(&mut till.shop.staff, sale_ref, body)
        .await
        .assert_status(200);
}

/// Lines entered by a device that was offline arrive after sales synced meanwhile, from before
/// and after the goods were counted: each line expects what was on hand when it was counted.
async fn a_line_counted_offline_expects_the_stock_of_its_own_time(backend: Backend) {
    let OfflineCount {
        mut till,
        tea,
        jam,
        count,
        began,
    } = OfflineCount::start(backend).await;
    let (sold_before, counted_at, sold_after) = (began + 10_000, began + 20_000, began + 30_000);

    // The sale made after the tea was counted reaches the server before the count does.
    sync_till_sale(
        &mut till,
        "8d7c1a52-0000-4000-8000-000000000001",
        &tea,
        "2",
        sold_after,
    )
    .await;
    let body = json!({"lines": [{"productId": tea, "counted": 17}], "countedAt": counted_at});
    let path = format!("{}/lines", count_path(&count));
    let entered = till.shop.admin.call("PUT", &path, Some(body.clone())).await;
    entered.assert_status(200);
    // Not yet known: the 3 sold before it was counted, which the counter did not see.
    assert_eq!(
        figures(entered.data(), &tea),
        (n(20), Some(n(17)), Some(n(-3)), Some(money("-12.00")))
    );
    // A count time ahead of the server is taken as now: the jam expects what it has.
    let ahead =
        json!({"lines": [{"productId": jam, "counted": 8}], "countedAt": began + 3_600_000});
    let entered = till.shop.admin.call("PUT", &path, Some(ahead)).await;
    entered.assert_status(200);
    assert_eq!(figures(entered.data(), &jam).0, n(8));

    // The sale made before it was counted reaches the server last; the line sent again (a lost
    // answer) expects the stock of its own time.
    sync_till_sale(
        &mut till,
        "8d7c1a52-0000-4000-8000-000000000002",
        &tea,
        "3",
        sold_before,
    )
    .await;
    let again = till.shop.admin.call("PUT", &path, Some(body)).await;
    again.assert_status(200);
    assert_eq!(
        figures(again.data(), &tea),
        (n(17), Some(n(17)), Some(n(0)), Some(money("0.00")))
    );

    let posted = post(&mut till.shop.admin, &count).await;
    posted.assert_status(200);
    assert_eq!(figures(posted.data(), &tea).2, Some(n(0)));
    let admin = &mut till.shop.admin;
    assert_eq!(stock_of(admin, &tea).await, (n(15), vec![]));
    assert_eq!(stock_of(admin, &jam).await, (n(8), vec![]));
    assert_ledger_agrees(till.app(), till.shop_id()).await;
}

/// Posting reads each line's expected stock again as of its count: a sale made before the goods
/// were counted, on a till that synced only after the line was entered, is not taken for goods
/// missing from the shelf.
async fn a_late_sale_from_before_the_count_is_not_a_shortage(backend: Backend) {
    let OfflineCount {
        mut till,
        tea,
        count,
        began,
        ..
    } = OfflineCount::start(backend).await;

    let body = json!({"lines": [{"productId": tea, "counted": 16}], "countedAt": began + 20_000});
    let path = format!("{}/lines", count_path(&count));
    till.shop
        .admin
        .call("PUT", &path, Some(body))
        .await
        .assert_status(200);
    // 4 sold offline before the count, synced after the line: the shelf was right.
    sync_till_sale(
        &mut till,
        "8d7c1a52-0000-4000-8000-000000000003",
        &tea,
        "4",
        began + 10_000,
    )
    .await;
    let posted = post(&mut till.shop.admin, &count).await;
    posted.assert_status(200);
    assert_eq!(
        figures(posted.data(), &tea),
        (n(16), Some(n(16)), Some(n(0)), Some(money("0.00")))
    );
    let admin = &mut till.shop.admin;
    assert_eq!(stock_of(admin, &tea).await, (n(16), vec![]));
    assert_ledger_agrees(till.app(), till.shop_id()).await;
}

/// A sale paid at the moment the count is posted: whichever the shop's lock lets in first, the
/// goods counted and then sold are not also written off as missing.
async fn a_sale_paid_while_the_count_is_posted_is_no_shortage(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let mugs = till.shop.product("Mug", json!({"quantity": 10})).await;
    let started = start(
        &mut till.shop.admin,
        json!({"categoryId": null, "ref": "count-race"}),
    )
    .await;
    started.assert_status(201);
    let count = id(&started);
    enter(
        &mut till.shop.admin,
        &count,
        json!([{"productId": mugs, "counted": 10}]),
    )
    .await
    .assert_status(200);
    let ann = till.ann.clone();
    let cart = cart_with(&mut till.shop.staff, &ann, &[(mugs.as_str(), "2")]).await;
    let pay = format!("/payment/cash/invoice/{cart}");
    let post_path = format!("{}/post", count_path(&count));
    let (posted, paid) = tokio::join!(
        till.shop.admin.post_empty(&post_path),
        till.shop.staff.post_empty(&pay)
    );
    posted.assert_status(200);
    paid.assert_status(200);
    assert_eq!(figures(posted.data(), &mugs).2, Some(n(0)));
    assert_eq!(stock_of(&mut till.shop.admin, &mugs).await, (n(8), vec![]));
    assert_ledger_agrees(till.app(), till.shop_id()).await;
}
