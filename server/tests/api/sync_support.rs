//! Helpers for the delta sync tests (`GET /sync/{resource}`, docs/api-sync.md): one page, and a
//! till's whole pull from a cursor until `more` is false.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use crate::identity_support::{Browser, Reply};

/// One answered page.
#[derive(Debug)]
pub struct Page {
    pub rows: Vec<Value>,
    pub deleted: Vec<String>,
    pub cursor: i64,
    pub more: bool,
}

pub async fn ask(browser: &mut Browser, resource: &str, query: &str) -> Reply {
    browser.get(&format!("/sync/{resource}{query}")).await
}

pub async fn page(browser: &mut Browser, resource: &str, after: i64, limit: i64) -> Page {
    let reply = ask(browser, resource, &format!("?after={after}&limit={limit}")).await;
    reply.assert_status(200);
    let data = reply.data();
    let page = Page {
        rows: data["rows"].as_array().expect("rows").clone(),
        deleted: data["deleted"]
            .as_array()
            .expect("deleted")
            .iter()
            .map(|id| id.as_str().expect("a deleted id is a string").to_owned())
            .collect(),
        cursor: data["cursor"].as_i64().expect("a numeric cursor"),
        more: data["more"].as_bool().expect("more"),
    };
    let size = page.rows.len() + page.deleted.len();
    assert!(size as i64 <= limit, "{size} changes in a page of {limit}");
    if size == 0 {
        assert_eq!(page.cursor, after, "an empty page keeps the cursor");
        assert!(!page.more, "an empty page is the last");
    } else {
        assert!(
            page.cursor > after,
            "the cursor moves forward: {after} -> {page:?}"
        );
    }
    page
}

/// What a till holds after pulling every page from a cursor.
#[derive(Debug, Default)]
pub struct Pulled {
    /// Live rows by `_id`.
    pub rows: BTreeMap<String, Value>,
    pub deleted: BTreeSet<String>,
    pub cursor: i64,
    pub pages: usize,
}

impl Pulled {
    pub fn ids(&self) -> BTreeSet<String> {
        self.rows.keys().cloned().collect()
    }

    /// Takes out the shop's walk-in customer, which every shop has from its creation and which
    /// `GET /customer` does not list, and answers it.
    pub fn take_walk_in(&mut self) -> Value {
        let walk_ins: Vec<String> = (self.rows.iter())
            .filter(|(_, row)| row["walkIn"] == true)
            .map(|(id, _)| id.clone())
            .collect();
        assert_eq!(walk_ins.len(), 1, "one walk-in customer: {:?}", self.rows);
        let walk_in = self.rows.remove(&walk_ins[0]).unwrap();
        assert_eq!(walk_in["customerName"], "Walk-in customer");
        assert_eq!(walk_in["phoneNumber"], "");
        walk_in
    }
}

/// Pulls pages of `limit` from `after` until `more` is false. Nothing changes during these
/// tests' pulls, so an id coming twice (in rows or deleted) is a duplicate and fails.
pub async fn pull(browser: &mut Browser, resource: &str, after: i64, limit: i64) -> Pulled {
    let mut pulled = Pulled {
        cursor: after,
        ..Pulled::default()
    };
    loop {
        let page = page(browser, resource, pulled.cursor, limit).await;
        pulled.pages += 1;
        for row in page.rows {
            let id = row["_id"].as_str().expect("_id").to_owned();
            assert!(!pulled.deleted.contains(&id), "{id} came twice");
            assert!(
                pulled.rows.insert(id.clone(), row).is_none(),
                "{id} came twice"
            );
        }
        for id in page.deleted {
            assert!(!pulled.rows.contains_key(&id), "{id} came twice");
            assert!(pulled.deleted.insert(id.clone()), "{id} came twice");
        }
        pulled.cursor = page.cursor;
        if !page.more {
            return pulled;
        }
    }
}

/// A list route's rows by `_id` (what the sync rows must equal).
pub async fn listed(browser: &mut Browser, path: &str) -> BTreeMap<String, Value> {
    let reply = browser.get(path).await;
    reply.assert_status(200);
    reply
        .data()
        .as_array()
        .expect("a list")
        .iter()
        .map(|row| (row["_id"].as_str().expect("_id").to_owned(), row.clone()))
        .collect()
}
