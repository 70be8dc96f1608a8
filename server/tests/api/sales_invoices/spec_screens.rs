//! What SPEC's invoice, cart and open-order screens read from an invoice: `staff` as text they
//! print and search (`staff.toLowerCase()`), and a line removed by the `_id` the screen has,
//! the line's own (docs/api-sales.md).

use rust_decimal::dec;
use serde_json::{Value, json};

use crate::catalog_support::refused_with;
use crate::sales_support::{SalesShop, add, cart_with, dec, get_invoice, id_of, lines_of};
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    every_invoice_answer_names_its_staff_as_text,
    a_cart_line_is_removed_by_its_own_id_or_its_products,
    a_custom_invoice_line_is_removed_by_its_own_id_or_its_products,
);

/// `staff` and `staffId` of the invoice `answer` holds, or of each one of its list.
fn staff_of(answer: &Value) -> Vec<(String, String)> {
    let invoices = match answer {
        Value::Array(invoices) => invoices.clone(),
        invoice => vec![invoice.clone()],
    };
    invoices
        .iter()
        .map(|invoice| {
            let staff = invoice["staff"]
                .as_str()
                .unwrap_or_else(|| panic!("staff is not text: {invoice:#}"));
            let id = invoice["staffId"].as_str().expect("staffId is text");
            (staff.to_owned(), id.to_owned())
        })
        .collect()
}

/// The answer holds exactly one invoice, or a list of one, made by `seller`.
fn made_by(answer: &Value, seller: &(String, String)) {
    assert_eq!(staff_of(answer), std::slice::from_ref(seller));
}

async fn every_invoice_answer_names_its_staff_as_text(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let aisha = shop.customer("Aisha", "7771234").await;
    let tea = shop.product("Tea", json!({})).await;
    let hassan = (
        "Hassan (staff)".to_owned(),
        shop.seeded.staff.id.to_string(),
    );
    let aminath = (
        "Aminath (admin)".to_owned(),
        shop.seeded.admin.id.to_string(),
    );

    // A cart of the staff member's, from start to open order.
    let started = shop.staff.post_empty(&format!("/invoice/{aisha}")).await;
    made_by(started.data(), &hassan);
    let order = id_of(&started);
    add(&mut shop.staff, &order, json!({"productId": tea}))
        .await
        .assert_status(200);
    let saved = shop
        .staff
        .call("PATCH", &format!("/invoice/{order}"), None)
        .await;
    made_by(saved.data(), &hassan);
    let open_orders = shop.admin.get("/invoice/save/status-saved").await;
    made_by(open_orders.data(), &hassan);

    // A sale of the admin's, paid: the list and the invoice itself.
    let sale = cart_with(&mut shop.admin, &aisha, &[(&tea, "2")]).await;
    shop.admin
        .post_empty(&format!("/payment/cash/invoice/{sale}"))
        .await
        .assert_status(200);
    let paid = shop.staff.get("/invoice?status=paid").await;
    made_by(paid.data(), &aminath);
    let one = get_invoice(&mut shop.staff, &sale).await;
    made_by(one.data(), &aminath);
    let refunded = shop
        .admin
        .call(
            "PUT",
            &format!("/payment/{sale}/invoice"),
            Some(json!({"amount": "1.00"})),
        )
        .await;
    refunded.assert_status(200);
    let listed = shop.admin.get("/invoice?status=refunded").await;
    made_by(listed.data(), &aminath);

    // A custom invoice of the staff member's.
    let custom = shop.staff.post_empty("/invoice/custom/create").await;
    made_by(custom.data(), &hassan);

    // The customer's invoices print the same text.
    let customer = shop.admin.get(&format!("/customer/{aisha}")).await;
    let printed: Vec<&str> = customer.data()["invoices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|invoice| invoice["staff"].as_str().unwrap())
        .collect();
    assert_eq!(printed, ["Aminath (admin)", "Hassan (staff)"]);
}

/// Products whose ids the lines below never take: line ids then differ from the product ids
/// of their own invoice, so naming one cannot pass for the other by chance.
async fn fillers(shop: &mut SalesShop) -> Vec<String> {
    let mut ids = Vec::new();
    for name in ["Filler A", "Filler B", "Filler C"] {
        ids.push(shop.product(name, json!({})).await);
    }
    ids
}

/// The `_id` of `product`'s line in `invoice`.
fn line_of(invoice: &Value, product: &str) -> String {
    invoice["products"]
        .as_array()
        .unwrap()
        .iter()
        .find(|line| line["productId"] == product)
        .unwrap_or_else(|| panic!("no line of {product}: {invoice:#}"))["_id"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn a_cart_line_is_removed_by_its_own_id_or_its_products(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let aisha = shop.customer("Aisha", "7771234").await;
    let fillers = fillers(&mut shop).await;
    let tea = shop.product("Tea", json!({})).await;
    let mug = shop.product("Mug", json!({"sellingPrice": 6})).await;
    let rice = shop.product("Rice", json!({"sellingPrice": 4})).await;
    // Another invoice's lines take the first line ids.
    let filled: Vec<(&str, &str)> = fillers.iter().map(|id| (id.as_str(), "1")).collect();
    let other = cart_with(&mut shop.admin, &aisha, &filled).await;
    let invoice = cart_with(
        &mut shop.staff,
        &aisha,
        &[(&rice, "1"), (&tea, "1"), (&mug, "2")],
    )
    .await;
    let rung_up = get_invoice(&mut shop.staff, &invoice).await;
    let mug_line = line_of(rung_up.data(), &mug);
    assert_ne!(
        mug_line, mug,
        "a line id that is its product's id proves nothing"
    );

    // SPEC's screens send the line's own `_id`.
    let removed = shop
        .staff
        .call(
            "PUT",
            &format!("/invoice/{invoice}/product/{mug_line}"),
            None,
        )
        .await;
    removed.assert_status(200);
    assert_eq!(removed.message(), "Product removed from invoice");
    assert_eq!(
        lines_of(&removed),
        [(rice.clone(), dec!(1)), (tea.clone(), dec!(1))]
    );
    assert_eq!(dec(&removed.data()["totalAmount"]), dec!(14.00));
    // A product's id still names its line.
    let by_product = shop
        .staff
        .call("PUT", &format!("/invoice/{invoice}/product/{rice}"), None)
        .await;
    by_product.assert_status(200);
    assert_eq!(lines_of(&by_product), [(tea.clone(), dec!(1))]);
    // A line that is gone, or another invoice's line, names nothing here.
    let other_line = line_of(
        get_invoice(&mut shop.admin, &other).await.data(),
        &fillers[0],
    );
    for gone in [mug_line, other_line] {
        let again = shop
            .staff
            .call("PUT", &format!("/invoice/{invoice}/product/{gone}"), None)
            .await;
        refused_with(&again, 404, "Product is not in this invoice");
    }
    assert_eq!(
        lines_of(&get_invoice(&mut shop.admin, &other).await).len(),
        3
    );
    assert_eq!(
        lines_of(&get_invoice(&mut shop.staff, &invoice).await).len(),
        1
    );
}

async fn a_custom_invoice_line_is_removed_by_its_own_id_or_its_products(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let aisha = shop.customer("Aisha", "7771234").await;
    let fillers = fillers(&mut shop).await;
    let tea = shop.product("Tea", json!({})).await;
    let mug = shop.product("Mug", json!({"sellingPrice": 6})).await;
    let filled: Vec<(&str, &str)> = fillers.iter().map(|id| (id.as_str(), "1")).collect();
    cart_with(&mut shop.admin, &aisha, &filled).await;
    let created = shop.staff.post_empty("/invoice/custom/create").await;
    let invoice = id_of(&created);
    let lines = format!("/invoice/custom/{invoice}/product");
    for product in [&mug, &tea] {
        shop.staff
            .post(&lines, json!({"productId": product, "quantity": "1"}))
            .await
            .assert_status(200);
    }
    let added = shop.staff.get(&format!("/invoice/custom/{invoice}")).await;
    let mug_line = line_of(added.data(), &mug);
    assert_ne!(
        mug_line, mug,
        "a line id that is its product's id proves nothing"
    );

    let removed = shop
        .staff
        .call("PUT", &format!("{lines}/{mug_line}"), None)
        .await;
    removed.assert_status(200);
    assert_eq!(lines_of(&removed), [(tea.clone(), dec!(1))]);
    let by_product = shop
        .staff
        .call("PUT", &format!("{lines}/{tea}"), None)
        .await;
    by_product.assert_status(200);
    assert_eq!(by_product.data()["products"], json!([]));
    let again = shop
        .staff
        .call("PUT", &format!("{lines}/{mug_line}"), None)
        .await;
    refused_with(&again, 404, "Product is not in this invoice");
}
