//! The stock reports (docs/api-stock.md, "Reports"): what the stock is worth, in all and per
//! category, with products below 0 counted apart; every product's ledger rows between two of
//! the shop's days, filtered and paged; both as CSV; only with the `stock_report` grant and
//! only of the caller's shop.

use rust_decimal::Decimal;
use serde_json::{Value, json};

use crate::catalog_support::set_grant;
use crate::customer_support::cookie_header;
use crate::identity_support::{Browser, Reply};
use crate::sales_support::{cart_with, create_category, dec};
use crate::support::{Backend, TestApp, on_both_backends};
use crate::till_support::{REF, TillShop, invoice, line, pay, payment};

on_both_backends!(
    the_value_is_each_products_stock_at_cost_and_retail,
    the_moves_are_the_shops_ledger_rows_newest_first_a_page_at_a_time,
    the_reports_download_as_csv,
    the_reports_need_stock_report_and_read_the_callers_shop_only,
    malformed_filters_are_refused,
);

fn d(text: &str) -> Decimal {
    text.parse().unwrap()
}

/// `(products, costValue, retailValue, belowZero)` of a value answer or one of its categories.
fn figures(value: &Value) -> (u64, Decimal, Decimal, u64) {
    (
        value["products"].as_u64().unwrap(),
        dec(&value["costValue"]),
        dec(&value["retailValue"]),
        value["belowZero"].as_u64().unwrap(),
    )
}

/// `(categoryName, figures)` of each category of a value answer, in order.
fn categories(reply: &Reply) -> Vec<(String, (u64, Decimal, Decimal, u64))> {
    reply.data()["categories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["categoryName"].as_str().unwrap().to_owned(),
                figures(row),
            )
        })
        .collect()
}

/// `(kind, productId, change)` of each row of a moves page, in order.
fn moves_of(reply: &Reply) -> Vec<(String, String, Decimal)> {
    reply.assert_status(200);
    reply.data()["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["kind"].as_str().unwrap().to_owned(),
                row["productId"].as_str().unwrap().to_owned(),
                dec(&row["change"]),
            )
        })
        .collect()
}

fn moved(kind: &str, product: &str, change: i64) -> (String, String, Decimal) {
    (kind.to_owned(), product.to_owned(), Decimal::from(change))
}

/// Today's date in the seeded shops' zone, Indian/Maldives (UTC+5, no daylight saving), moved
/// by `offset` days.
fn local_day(app: &TestApp, offset: i64) -> String {
    let days = (app.clock.now_millis() + 5 * 3_600_000).div_euclid(86_400_000);
    pos_core::dashboard::LocalDate::from_day_number(days + offset).to_string()
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

/// Sells `quantity` of `product` at the web till, paid in cash by the staff.
async fn sell(till: &mut TillShop, product: &str, quantity: &str) -> String {
    let ann = till.ann.clone();
    let sold = cart_with(&mut till.shop.staff, &ann, &[(product, quantity)]).await;
    till.shop
        .staff
        .post_empty(&format!("/payment/cash/invoice/{sold}"))
        .await
        .assert_status(200);
    sold
}

/// A till shop whose General category holds Cola (98 after a synced sale of 2; cost 6, sells
/// at 10) and Tea (1 on hand, 3 sold offline: -2), and whose Food category holds Rice (12.345
/// kg, cost 2.10, sells at 3.99) and Juice (4, cost 1.10 marked up 50 %, no price of its own).
/// Returns the Food category's id.
async fn valued_shop(till: &mut TillShop) -> String {
    let food = create_category(&mut till.shop.admin, "Food", "0").await;
    let product = |name: &str, changes: Value| {
        let mut body = json!({"category": food});
        for (key, value) in changes.as_object().unwrap() {
            body[key] = value.clone();
        }
        (name.to_owned(), body)
    };
    for (name, body) in [
        product(
            "Rice",
            json!({"quantity": "12.345", "unit": "kg", "costPrice": "2.10", "sellingPrice": "3.99"}),
        ),
        product(
            "Juice",
            json!({"quantity": 4, "costPrice": "1.10", "costPriceProfit": 50, "sellingPrice": 0}),
        ),
    ] {
        till.shop.product(&name, body).await;
    }
    let tea = till
        .shop
        .product(
            "Tea",
            json!({"quantity": 1, "costPrice": 2, "sellingPrice": 5}),
        )
        .await;
    let lines = vec![line(&tea, "3", "10.00"), line(&till.cola, "2", "10.00")];
    pay(
        &mut till.shop.staff,
        REF,
        payment("cash", "50.00", invoice(&till.ann, lines, "0")),
    )
    .await
    .assert_status(200);
    food
}

async fn the_value_is_each_products_stock_at_cost_and_retail(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let food = valued_shop(&mut till).await;

    let all = till.shop.admin.get("/stock/value").await;
    all.assert_status(200);
    assert_eq!(all.message(), "Stock value");
    // Cola 98 x 6 and x 10; Tea below 0, counted and worth nothing; Rice 25.9245 -> 25.92 and
    // 49.25655 -> 49.26; Juice 4 x 1.10 and 4 x 1.65 (its cost marked up).
    assert_eq!(
        figures(all.data()),
        (4, d("618.32"), d("1035.86"), 1),
        "{:#}",
        all.body
    );
    assert_eq!(
        categories(&all),
        vec![
            ("Food".to_owned(), (2, d("30.32"), d("55.86"), 0)),
            ("General".to_owned(), (2, d("588.00"), d("980.00"), 1)),
        ]
    );
    assert_eq!(all.data()["categories"][0]["categoryId"], json!(food));

    let one = till
        .shop
        .admin
        .get(&format!("/stock/value?categoryId={food}"))
        .await;
    one.assert_status(200);
    assert_eq!(figures(one.data()), (2, d("30.32"), d("55.86"), 0));
    assert_eq!(categories(&one).len(), 1);

    // A deleted product is no longer stock.
    till.shop
        .admin
        .call("DELETE", &format!("/product/delete/{}", till.cola), None)
        .await
        .assert_status(200);
    let after = till.shop.admin.get("/stock/value").await;
    assert_eq!(figures(after.data()), (3, d("30.32"), d("55.86"), 1));

    let missing = till.shop.admin.get("/stock/value?categoryId=999999").await;
    missing.assert_status(404);
    assert_eq!(missing.message(), "Category not found");
}

async fn the_moves_are_the_shops_ledger_rows_newest_first_a_page_at_a_time(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let cola = till.cola.clone();
    let mug = till.shop.product("Mug", json!({"quantity": 10})).await;
    till.shop
        .admin
        .post(
            "/stock/adjustments",
            json!({"reason": "damaged", "ref": "adj-1",
                   "lines": [{"productId": mug, "change": -2}]}),
        )
        .await
        .assert_status(201);
    let sold = sell(&mut till, &cola, "3").await;

    let all = till.shop.admin.get("/stock/moves").await;
    assert_eq!(all.message(), "Stock moves");
    assert_eq!(
        moves_of(&all),
        vec![
            moved("sale", &cola, -3),
            moved("adjustment", &mug, -2),
            moved("opening", &mug, 10),
            moved("opening", &cola, 100),
        ]
    );
    assert_eq!(all.data()["more"], json!(false));
    let rows = all.data()["rows"].as_array().unwrap().clone();
    // The sale names its invoice, number and cashier; the adjustment its reason and admin.
    assert_eq!(rows[0]["productName"], "Cola");
    assert_eq!(rows[0]["unit"], "no");
    assert_eq!(rows[0]["invoiceId"], json!(sold));
    assert!(
        rows[0]["invoiceNumber"]
            .as_str()
            .is_some_and(|number| number.starts_with("INV-")),
        "{:#}",
        rows[0]
    );
    assert_eq!(rows[0]["userName"], json!(till.shop.seeded.staff.user_name));
    assert_eq!(rows[1]["reason"], "damaged");
    assert!(rows[1]["adjustmentId"].is_string());
    assert_eq!(rows[1]["receivingId"], Value::Null);
    assert_eq!(rows[1]["countId"], Value::Null);
    assert_eq!(rows[1]["userName"], json!(till.shop.seeded.admin.user_name));

    // One product, one kind, the shop's days.
    let admin = &mut till.shop.admin;
    let of_mug = admin.get(&format!("/stock/moves?productId={mug}")).await;
    assert_eq!(
        moves_of(&of_mug),
        vec![moved("adjustment", &mug, -2), moved("opening", &mug, 10)]
    );
    let openings = admin.get("/stock/moves?kind=opening").await;
    assert_eq!(
        moves_of(&openings),
        vec![moved("opening", &mug, 10), moved("opening", &cola, 100)]
    );
    let cola_openings = admin
        .get(&format!("/stock/moves?kind=opening&productId={cola}"))
        .await;
    assert_eq!(moves_of(&cola_openings), vec![moved("opening", &cola, 100)]);
    let today = local_day(&till.shop.app, 0);
    let tomorrow = local_day(&till.shop.app, 1);
    let yesterday = local_day(&till.shop.app, -1);
    let admin = &mut till.shop.admin;
    let of_today = admin
        .get(&format!("/stock/moves?from={today}&to={today}"))
        .await;
    assert_eq!(moves_of(&of_today).len(), 4);
    let from_tomorrow = admin.get(&format!("/stock/moves?from={tomorrow}")).await;
    assert_eq!(moves_of(&from_tomorrow), vec![]);
    let to_yesterday = admin
        .get(&format!("/stock/moves?from={yesterday}&to={yesterday}"))
        .await;
    assert_eq!(moves_of(&to_yesterday), vec![]);

    // A page at a time: `before` the last row's `_id`.
    let first = admin.get("/stock/moves?limit=3").await;
    assert_eq!(moves_of(&first).len(), 3);
    assert_eq!(first.data()["more"], json!(true));
    let last = first.data()["rows"][2]["_id"].as_str().unwrap().to_owned();
    let second = admin
        .get(&format!("/stock/moves?limit=3&before={last}"))
        .await;
    assert_eq!(moves_of(&second), vec![moved("opening", &cola, 100)]);
    assert_eq!(second.data()["more"], json!(false));
}

async fn the_reports_download_as_csv(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    valued_shop(&mut till).await;
    let (status, headers, text) =
        get_text(&till.shop.app, &till.shop.admin, "/stock/value.csv").await;
    assert_eq!(status, 200, "{text}");
    assert_eq!(headers["content-type"], "text/csv; charset=utf-8");
    assert_eq!(
        headers["content-disposition"],
        "attachment; filename=\"stock-value.csv\""
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "category_id,category,products,below_zero,cost_value,retail_value"
    );
    assert!(lines[1].ends_with(",Food,2,0,30.32,55.86"), "{text}");
    assert!(lines[2].ends_with(",General,2,1,588.00,980.00"), "{text}");
    assert_eq!(lines[3], ",Total,4,1,618.32,1035.86");
    assert_eq!(lines.len(), 4);

    let today = local_day(&till.shop.app, 0);
    let path = format!("/stock/moves.csv?from={today}&to={today}&kind=opening");
    let (status, headers, text) = get_text(&till.shop.app, &till.shop.admin, &path).await;
    assert_eq!(status, 200, "{text}");
    assert_eq!(headers["content-type"], "text/csv; charset=utf-8");
    assert_eq!(
        headers["content-disposition"],
        format!("attachment; filename=\"stock-moves-{today}.csv\"").as_str()
    );
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    assert_eq!(
        reader.headers().unwrap().iter().collect::<Vec<_>>(),
        [
            "id",
            "time",
            "product_id",
            "product",
            "unit",
            "kind",
            "reason",
            "change",
            "invoice_number",
            "refund_id",
            "adjustment_id",
            "receiving_id",
            "count_id",
            "shift_id",
            "user",
            "user_id"
        ]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    // Newest first: Tea, Juice, Rice, Cola opened (the sale is not an opening).
    let named: Vec<(&str, &str, &str)> =
        rows.iter().map(|row| (&row[3], &row[4], &row[7])).collect();
    assert_eq!(
        named,
        [
            ("Tea", "no", "1"),
            ("Juice", "no", "4"),
            ("Rice", "kg", "12.345"),
            ("Cola", "no", "100")
        ]
    );
    assert!(rows[0][1].starts_with(&today), "{:?}", rows[0]);
    assert!(rows[0][2].starts_with("P-"), "{:?}", rows[0]);
    assert_eq!(&rows[0][14], till.shop.seeded.admin.user_name.as_str());

    // Every row, however many chunks it takes: the whole ledger of the shop.
    let (_, _, everything) = get_text(&till.shop.app, &till.shop.admin, "/stock/moves.csv").await;
    assert_eq!(everything.lines().count(), 1 + 6, "{everything}");
}

async fn the_reports_need_stock_report_and_read_the_callers_shop_only(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    valued_shop(&mut till).await;
    let paths = [
        "/stock/value",
        "/stock/moves",
        "/stock/value.csv",
        "/stock/moves.csv",
    ];
    for path in paths {
        let (status, _, text) = get_text(&till.shop.app, &till.shop.staff, path).await;
        assert_eq!(status, 403, "{path}: {text}");
    }
    let staff_id = till.shop.seeded.staff_id().to_owned();
    set_grant(
        &mut till.shop.admin,
        "admin",
        &staff_id,
        "stock_report",
        true,
    )
    .await;
    for path in paths {
        let (status, _, text) = get_text(&till.shop.app, &till.shop.staff, path).await;
        assert_eq!(status, 200, "{path}: {text}");
    }

    // The other shop sees none of this shop's stock.
    let mut other = till.shop.other_shop().await;
    let value = other.get("/stock/value").await;
    value.assert_status(200);
    assert_eq!(figures(value.data()), (0, d("0"), d("0"), 0));
    let moves = other.get("/stock/moves").await;
    assert_eq!(moves_of(&moves), vec![]);
    let ours = other
        .get(&format!("/stock/moves?productId={}", till.cola))
        .await;
    assert_eq!(moves_of(&ours), vec![]);
    let (_, _, text) = get_text(&till.shop.app, &other, "/stock/moves.csv").await;
    assert_eq!(text.lines().count(), 1, "{text}");
    let mine = till.shop.admin.get("/stock/moves").await;
    let first = mine.data()["rows"][0]["_id"].as_str().unwrap().to_owned();
    let after_ours = other.get(&format!("/stock/moves?before={first}")).await;
    assert_eq!(moves_of(&after_ours), vec![]);
    let category = till.shop.category.clone();
    other
        .get(&format!("/stock/value?categoryId={category}"))
        .await
        .assert_status(404);
}

async fn malformed_filters_are_refused(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let refusals = [
        (
            "/stock/moves?from=26-11-2026",
            "from must be a date like 2026-11-26",
        ),
        (
            "/stock/moves?to=2026-02-30",
            "to must be a date like 2026-11-26",
        ),
        (
            "/stock/moves?from=2026-11-02&to=2026-11-01",
            "from must not be after to",
        ),
        (
            "/stock/moves?kind=theft",
            "kind must be one of opening, sale, refund, receiving, adjustment, count, correction",
        ),
        (
            "/stock/moves?productId=P-000001",
            "productId must be a product's _id",
        ),
        (
            "/stock/moves?productId=0",
            "productId must be a product's _id",
        ),
        (
            "/stock/moves?limit=0",
            "limit must be a whole number above 0",
        ),
        ("/stock/moves?limit=201", "limit must be at most 200"),
        (
            "/stock/moves?before=x",
            "before must be a whole number above 0",
        ),
        (
            "/stock/value?categoryId=food",
            "categoryId must be a category's _id",
        ),
    ];
    for (path, message) in refusals {
        let reply = till.shop.admin.get(path).await;
        reply.assert_status(400);
        assert_eq!(reply.message(), message, "{path}");
    }
    for path in [
        "/stock/moves.csv?kind=sold",
        "/stock/moves.csv?from=yesterday",
        "/stock/value.csv?categoryId=-1",
    ] {
        let (status, _, text) = get_text(&till.shop.app, &till.shop.admin, path).await;
        assert_eq!(status, 400, "{path}: {text}");
    }
}
