//! Shifts with two server processes on one PostgreSQL database (docs/api-shifts.md): a device
//! has one open shift, whichever process each request reaches, and the shop's shift numbers
//! have no gaps.

use serde_json::{Value, json};

use crate::scale_out_support::{Cluster, ScaleShop, send_everywhere};
use crate::till_support::{invoice, line, payment};

/// The `i`th client ref of a kind (`prefix`).
fn client_ref(prefix: &str, i: usize) -> String {
    format!("{prefix}-1a2b-4c3d-8e4f-{i:012}")
}

/// The shifts of device `device`, as the back office lists them.
async fn shifts_of(shop: &mut ScaleShop, device: &str) -> Vec<Value> {
    let listed = shop.admin.get(&format!("/shifts?device={device}")).await;
    listed.assert_status(200);
    listed.data().as_array().unwrap().clone()
}

#[tokio::test]
async fn racing_opens_of_one_device_through_both_processes_open_one_shift() {
    let cluster = Cluster::start().await;
    let mut shop = ScaleShop::create(&cluster).await;
    // Eight opens of each of four devices at once, each its own ref and key, alternating.
    let devices = ["7F3A", "B2C4", "C0DE", "D00D"];
    let requests = (0..32)
        .map(|i| {
            let body = json!({"deviceCode": devices[i % 4], "openingFloat": "50",
                              "openedAt": 1, "provisionalNumber": ""});
            let path = format!("/till/shifts/{}", client_ref("5b1f0c2e", i));
            (
                cluster.alternate(i / 4).to_owned(),
                path,
                Some(format!("open-{i}")),
                body,
            )
        })
        .collect();
    let answers = send_everywhere(&shop.admin, reqwest::Method::PUT, requests).await;
    let mut numbers = Vec::new();
    for device in devices {
        let of_device: Vec<_> = answers
            .iter()
            .enumerate()
            .filter(|(i, _)| devices[i % 4] == device)
            .map(|(_, answer)| answer)
            .collect();
        let opened: Vec<_> = of_device.iter().filter(|a| a.status == 201).collect();
        assert_eq!(opened.len(), 1, "{of_device:#?}\n{}", cluster.logs());
        let number = opened[0].body["data"]["number"]
            .as_str()
            .unwrap()
            .to_owned();
        let already = format!("Till {device} already has an open shift {number}");
        for refused in of_device.iter().filter(|a| a.status != 201) {
            assert_eq!(refused.status, 409, "{refused:#?}\n{}", cluster.logs());
            assert_eq!(refused.message(), already);
        }
        assert_eq!(shifts_of(&mut shop, device).await.len(), 1);
        numbers.push(number);
    }
    // Four shifts, numbered 1 to 4: no number went unused.
    numbers.sort();
    assert_eq!(
        numbers,
        ["SH-000001", "SH-000002", "SH-000003", "SH-000004"]
    );
}

#[tokio::test]
async fn racing_sales_of_a_device_with_no_shift_through_both_processes_open_one() {
    let cluster = Cluster::start().await;
    let mut shop = ScaleShop::create(&cluster).await;
    let requests = (0..8)
        .map(|i| {
            let cola = line(&shop.cola, "1", "10.00");
            let body = payment("cash", "10.00", invoice(&shop.customer, vec![cola], "0"));
            let path = format!("/till/invoices/{}/payment", client_ref("0b9f6c2e", i));
            (
                cluster.alternate(i).to_owned(),
                path,
                Some(format!("sale-{i}")),
                body,
            )
        })
        .collect();
    let answers = send_everywhere(&shop.admin, reqwest::Method::POST, requests).await;
    for answer in &answers {
        assert_eq!(answer.status, 200, "{answer:#?}\n{}", cluster.logs());
    }
    let shifts = shifts_of(&mut shop, "7F3A").await;
    assert_eq!(shifts.len(), 1, "{shifts:#?}");
    assert_eq!(shifts[0]["number"], "SH-000001");
    assert_eq!(shifts[0]["autoOpened"], true);
    let id = shifts[0]["_id"].as_str().unwrap();
    let detail = shop.admin.get(&format!("/shifts/{id}")).await;
    detail.assert_status(200);
    assert_eq!(detail.data()["sales"].as_array().unwrap().len(), 8);

    // The next shift of the shop is numbered right after: no number went unused in the race.
    let body = json!({"deviceCode": "B2C4", "openingFloat": "0", "openedAt": 2,
                      "provisionalNumber": ""});
    let next = shop
        .admin
        .call(
            "PUT",
            &format!("/till/shifts/{}", client_ref("5b1f0c2e", 9)),
            Some(body),
        )
        .await;
    next.assert_status(201);
    assert_eq!(next.data()["number"], "SH-000002");
}

/// The ids of the sales a shift's detail lists.
async fn sales_of(shop: &mut ScaleShop, shift_id: &str) -> Vec<Value> {
    let detail = shop.admin.get(&format!("/shifts/{shift_id}")).await;
    detail.assert_status(200);
    detail.data()["sales"].as_array().unwrap().clone()
}

#[tokio::test]
async fn a_shift_closed_on_one_process_while_its_sale_arrives_on_the_other_keeps_its_z_report() {
    let cluster = Cluster::start().await;
    let mut shop = ScaleShop::create(&cluster).await;
    let (cola_id, customer) = (shop.cola.clone(), shop.customer.clone());
    for round in 0..6 {
        let device = format!("A{round:03}");
        let shift_ref = client_ref("5b1f0c2e", 100 + round);
        let body = json!({"deviceCode": device, "openingFloat": "20", "openedAt": 1,
                          "provisionalNumber": ""});
        let opened = shop
            .admin
            .call("PUT", &format!("/till/shifts/{shift_ref}"), Some(body))
            .await;
        opened.assert_status(201);
        let shift_id = opened.data()["_id"].as_str().unwrap().to_owned();
        // The close through one process, a sale naming the shift through the other, at once.
        let sale = |i: usize| {
            let cola = line(&cola_id, "1", "10.00");
            let mut body = payment("cash", "10.00", invoice(&customer, vec![cola], "0"));
            body["shiftRef"] = json!(shift_ref);
            (
                format!("/till/invoices/{}/payment", client_ref("0b9f6c2e", i)),
                body,
            )
        };
        let (sale_path, sale_body) = sale(200 + round);
        let close = json!({"closedAt": 2, "countedCash": "30"});
        let requests = vec![
            (
                cluster.alternate(round).to_owned(),
                format!("/till/shifts/{shift_ref}/close"),
                Some(format!("close-{round}")),
                close,
            ),
            (
                cluster.alternate(round + 1).to_owned(),
                sale_path,
                Some(format!("race-sale-{round}")),
                sale_body,
            ),
        ];
        let answers = send_everywhere(&shop.admin, reqwest::Method::POST, requests).await;
        for answer in &answers {
            assert_eq!(answer.status, 200, "{answer:#?}\n{}", cluster.logs());
        }
        let sale_id = answers[1].body["data"]["_id"].as_str().unwrap().to_owned();

        // The sale is in exactly one shift: the closed one (it came first) or the device's next.
        let in_closed = sales_of(&mut shop, &shift_id).await;
        let next = shop
            .admin
            .get(&format!("/till/shifts/current?deviceCode={device}"))
            .await;
        let in_next = if next.status == 200 {
            let next_id = next.data()["_id"].as_str().unwrap().to_owned();
            assert_eq!(next.data()["autoOpened"], true);
            sales_of(&mut shop, &next_id).await
        } else {
            Vec::new()
        };
        let holds = |sales: &[Value]| sales.iter().any(|sale| sale["_id"] == sale_id.as_str());
        assert!(
            holds(&in_closed) != holds(&in_next),
            "round {round}: {in_closed:#?} {in_next:#?}"
        );

        // Its Z report never changes: a later sale naming it goes to the device's open shift.
        let (late_path, late_body) = sale(300 + round);
        let late = shop.admin.call("POST", &late_path, Some(late_body)).await;
        late.assert_status(200);
        assert_eq!(sales_of(&mut shop, &shift_id).await, in_closed);
        let current = shop
            .admin
            .get(&format!("/till/shifts/current?deviceCode={device}"))
            .await;
        current.assert_status(200);
        let current_id = current.data()["_id"].as_str().unwrap().to_owned();
        assert_ne!(current_id, shift_id);
        let late_id = late.data()["_id"].as_str().unwrap();
        assert!(
            sales_of(&mut shop, &current_id)
                .await
                .iter()
                .any(|sale| sale["_id"] == late_id)
        );
    }
}
