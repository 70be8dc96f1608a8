//! The paged lists (docs/pagination.md): `GET /product`, `/customer`, `/categories`,
//! `/admin/staff/list`, `/super-admin/shops` and `/super-admin/employees` answer pages of
//! `limit` rows with `Link: <...>; rel="next"` while more follow. Walking a list page by page
//! gives exactly the unpaged list; rows added behind the cursor are not repeated; bad
//! parameters are 400s naming them; another shop's cursor only picks a starting point in the
//! caller's own rows.

use crate::catalog_support::{create_product, product_body};
use crate::customer_support::create_customer;
use crate::list_pages_support::{
    A_CUSTOMERS, A_PRODUCTS, cursor_of, delete_product, filled, ids, lists, name_field, names,
    next_page, rows, walk, with_query,
};
use crate::management_support::refused;
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    walking_a_list_in_pages_gives_every_row_once_in_order,
    rows_added_or_deleted_mid_walk_neither_repeat_nor_break_it,
    a_bad_limit_or_after_is_a_400_naming_it,
    another_shops_cursor_lists_only_the_callers_own_rows,
);

async fn walking_a_list_in_pages_gives_every_row_once_in_order(backend: Backend) {
    let mut filled = filled(backend).await;
    for (path, by_super_admin) in lists(&filled) {
        let browser = if by_super_admin {
            &mut filled.boss
        } else {
            &mut filled.a
        };
        // Without parameters, a list under 1000 rows is one page without a Link: the SPEC
        // client, which never follows links, still sees every row.
        let reply = browser.get(&path).await;
        let whole = rows(&reply);
        assert_eq!(next_page(&reply), None, "{path}");
        assert!(whole.len() >= 5, "{path}: {} rows", whole.len());
        match name_field(&path) {
            Some(field) => {
                let listed = names(&whole, field);
                let mut sorted: Vec<(String, i64)> = whole
                    .iter()
                    .map(|row| {
                        let name = row[field].as_str().unwrap().to_lowercase();
                        (name, row["_id"].as_str().unwrap().parse().unwrap())
                    })
                    .collect();
                sorted.sort();
                let keys: Vec<(String, i64)> = whole
                    .iter()
                    .zip(&listed)
                    .map(|(row, name)| {
                        let id = row["_id"].as_str().unwrap().parse().unwrap();
                        (name.to_lowercase(), id)
                    })
                    .collect();
                assert_eq!(keys, sorted, "{path}: by lower(name), then id");
            }
            None => {
                let numbers: Vec<i64> = ids(&whole).iter().map(|id| id.parse().unwrap()).collect();
                assert!(
                    numbers.windows(2).all(|pair| pair[0] < pair[1]),
                    "{path}: {numbers:?}"
                );
            }
        }

        let pages = walk(browser, &with_query(&path, "limit=2"), 2).await;
        assert_eq!(pages.len(), whole.len().div_ceil(2), "{path}");
        let walked: Vec<_> = pages.concat();
        assert_eq!(
            ids(&walked),
            ids(&whole),
            "{path}: every row once, in order"
        );
        // The employees' link keeps the shop it lists.
        if path.contains("shop=") {
            let reply = browser.get(&with_query(&path, "limit=2")).await;
            let next = next_page(&reply).unwrap();
            assert!(
                next.contains(&format!("shop={}", filled.seeded.shop.id)),
                "{next}"
            );
        }
    }
    // The names equal ignoring case are both there (and the walk above split each pair
    // across two pages).
    let mut products = names(&rows(&filled.a.get("/product").await), "productName");
    products.retain(|name| name.eq_ignore_ascii_case("mango"));
    assert_eq!(products, ["mango", "Mango"]);
    let mut customers = names(&rows(&filled.a.get("/customer").await), "customerName");
    customers.retain(|name| name.eq_ignore_ascii_case("sam"));
    assert_eq!(customers, ["Sam", "sam"]);
}

async fn rows_added_or_deleted_mid_walk_neither_repeat_nor_break_it(backend: Backend) {
    let mut filled = filled(backend).await;
    let browser = &mut filled.a;

    // Products: banana, fig | kiwi, mango | Mango, pear.
    let first = browser.get("/product?limit=2").await;
    let mut seen = names(&rows(&first), "productName");
    assert_eq!(seen, ["Banana", "fig"]);
    let category = rows(&first)[0]["category"]["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    // Behind the cursor, ahead of it, and the cursor's own row deleted.
    create_product(browser, product_body("Apricot", &category)).await;
    create_product(browser, product_body("Zucchini", &category)).await;
    let fig = ids(&rows(&first))[1].clone();
    delete_product(browser, &fig).await;
    for page in walk(browser, &next_page(&first).unwrap(), 2).await {
        seen.extend(names(&page, "productName"));
    }
    assert_eq!(
        seen,
        [
            "Banana", "fig", "kiwi", "mango", "Mango", "Pear", "Zucchini"
        ]
    );
    assert_eq!(A_PRODUCTS.len() + 1, seen.len());

    // Customers: adam, bob | Maya, Sam | sam, Zoe.
    let first = browser.get("/customer?limit=2").await;
    let mut seen = names(&rows(&first), "customerName");
    assert_eq!(seen, ["adam", "bob"]);
    create_customer(browser, "Aaron", "7009001").await;
    create_customer(browser, "Zack", "7009002").await;
    for page in walk(browser, &next_page(&first).unwrap(), 2).await {
        seen.extend(names(&page, "customerName"));
    }
    assert_eq!(seen, ["adam", "bob", "Maya", "Sam", "sam", "Zack", "Zoe"]);
    assert_eq!(A_CUSTOMERS.len() + 1, seen.len());
}

async fn a_bad_limit_or_after_is_a_400_naming_it(backend: Backend) {
    let mut filled = filled(backend).await;
    let product_cursor = cursor_of(&next_page(&filled.a.get("/product?limit=1").await).unwrap());
    let staff_cursor =
        cursor_of(&next_page(&filled.a.get("/admin/staff/list?limit=1").await).unwrap());
    for (path, by_super_admin) in lists(&filled) {
        let browser = if by_super_admin {
            &mut filled.boss
        } else {
            &mut filled.a
        };
        let whole = rows(&browser.get(&path).await);
        for limit in ["0", "1001", "abc", "-1", "2.5", "%2B2"] {
            let reply = browser
                .get(&with_query(&path, &format!("limit={limit}")))
                .await;
            refused(&reply, 400);
            assert!(
                reply.message().starts_with("limit "),
                "{path} {limit}: {}",
                reply.message()
            );
        }
        // Another list's cursor: products' for every list but products, staff's for those.
        let foreign = if path == "/product" {
            &staff_cursor
        } else {
            &product_cursor
        };
        for after in ["!!", "abc", "zzzz", "cHJvZHVjdA", foreign.as_str()] {
            let reply = browser
                .get(&with_query(&path, &format!("after={after}")))
                .await;
            refused(&reply, 400);
            assert!(
                reply.message().starts_with("after "),
                "{path} {after}: {}",
                reply.message()
            );
        }
        // Blank values are not given; nothing above changed the list.
        let reply = browser.get(&with_query(&path, "limit=%20&after=")).await;
        assert_eq!(ids(&rows(&reply)), ids(&whole), "{path}");
    }
    // A cursor is read trimmed, like every query value.
    let spaced = format!("/product?limit=1&after=%20{product_cursor}%20");
    let page = rows(&filled.a.get(&spaced).await);
    assert_eq!(names(&page, "productName"), ["fig"]);
}

async fn another_shops_cursor_lists_only_the_callers_own_rows(backend: Backend) {
    let mut filled = filled(backend).await;
    let shop_b = filled.seeded.other_shop.id;
    // Shop A's cursors after its second row: "fig", "bob", "Apple"... and its first person.
    for (path, field, expected) in [
        ("/product", "productName", vec!["Grape", "zebra"]),
        ("/customer", "customerName", vec!["nadia", "Zara"]),
        ("/categories", "categoryName", vec!["mmm", "Zzz"]),
    ] {
        let reply = filled.a.get(&format!("{path}?limit=2")).await;
        let cursor = cursor_of(&next_page(&reply).unwrap());
        let b_whole = ids(&rows(&filled.b.get(path).await));
        let page = rows(&filled.b.get(&format!("{path}?after={cursor}")).await);
        assert!(ids(&page).iter().all(|id| b_whole.contains(id)), "{path}");
        assert_eq!(names(&page, field), expected, "{path}");
    }

    let reply = filled.a.get("/admin/staff/list?limit=1").await;
    let cursor = cursor_of(&next_page(&reply).unwrap());
    let b_people = ids(&rows(&filled.b.get("/admin/staff/list").await));
    assert_eq!(b_people.len(), 2);
    let page = rows(
        &filled
            .b
            .get(&format!("/admin/staff/list?after={cursor}"))
            .await,
    );
    assert_eq!(
        ids(&page),
        b_people,
        "only shop B's people, all after A's first"
    );

    let shop_a = filled.seeded.shop.id;
    let reply = filled
        .boss
        .get(&format!("/super-admin/employees?shop={shop_a}&limit=1"))
        .await;
    let cursor = cursor_of(&next_page(&reply).unwrap());
    let path = format!("/super-admin/employees?shop={shop_b}&after={cursor}");
    assert_eq!(ids(&rows(&filled.boss.get(&path).await)), b_people);
}
