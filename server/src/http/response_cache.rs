//! A response cache: rendered list answers kept in memory and validated against the shop's sync
//! version, so a catalogue read that nothing changed since the last one is answered without
//! reading or rendering the rows again.
//!
//! Every change to a shop's categories, products and customers raises the shop's sync version
//! (the triggers of migration 0007, inside the writing transaction), and every signed-in request
//! reads that version in its one session query (`db::identity::sessions::find_user_session`). A kept page
//! is served only when it was rendered at the version this request read; any other version,
//! older or newer, renders the page afresh and keeps it in place of the old one. So nothing
//! stale is served: another server process's write, a sale that moved a stock count, or an edit
//! made straight in the database through the triggers all raise the version the next request
//! reads. Grants and sessions are not kept here: each request still reads its own.
//!
//! A page rendered after reading version V shows the rows as of V or later (its rows are read
//! after the session); kept under V, it is served only to requests that read V, which began
//! no later than the rows were read. Memory is bounded: at most [`BUDGET_BYTES`] of bodies, the
//! least recently used page dropped first.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

use super::ApiError;
use super::list_page::{List, ListPage, PageKey};

/// The most body bytes kept, over every shop and page: 64 full 1,000-product pages.
pub const BUDGET_BYTES: usize = 32 * 1024 * 1024;

/// Which page of which shop's list.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AnswerKey {
    pub list: List,
    pub shop_id: i64,
    pub page: PageKey,
}

impl AnswerKey {
    /// The key of the page `page` asks for of `shop_id`'s `list`.
    pub fn new(list: List, shop_id: i64, page: &ListPage) -> Self {
        Self {
            list,
            shop_id,
            page: page.key(),
        }
    }
}

/// A rendered 200 answer: its headers (`Content-Type`, `Link`) and its JSON body.
#[derive(Debug, Clone)]
struct KeptAnswer {
    headers: HeaderMap,
    body: Bytes,
}

impl IntoResponse for KeptAnswer {
    fn into_response(self) -> Response {
        let mut response = Response::new(Body::from(self.body));
        *response.headers_mut() = self.headers;
        response
    }
}

#[derive(Debug)]
struct Entry {
    version: i64,
    answer: KeptAnswer,
    last_used: u64,
}

/// The kept answers of one server process.
#[derive(Debug, Default)]
pub struct ResponseCache {
    entries: Mutex<Entries>,
    clock: AtomicU64,
}

#[derive(Debug, Default)]
struct Entries {
    by_key: HashMap<AnswerKey, Entry>,
    bytes: usize,
}

impl ResponseCache {
    /// The page kept for `key` at `version`; else `render`'s answer, kept when it is a 200.
    /// `version` must have been read before `render` reads its rows (the session's).
    pub async fn answer(
        &self,
        key: AnswerKey,
        version: i64,
        render: impl Future<Output = Result<Response, ApiError>>,
    ) -> Result<Response, ApiError> {
        if let Some(kept) = self.get(&key, version) {
            return Ok(kept.into_response());
        }
        let response = render.await?;
        if response.status() != StatusCode::OK {
            return Ok(response);
        }
        let (parts, body) = response.into_parts();
        let body = axum::body::to_bytes(body, usize::MAX)
            .await
            .map_err(ApiError::internal)?;
        let kept = KeptAnswer {
            headers: parts.headers.clone(),
            body: body.clone(),
        };
        self.keep(key, version, kept);
        Ok(Response::from_parts(parts, Body::from(body)))
    }

    /// The answer kept for `key` when it was rendered at `version`.
    fn get(&self, key: &AnswerKey, version: i64) -> Option<KeptAnswer> {
        let tick = self.tick();
        let mut entries = self.entries.lock().ok()?;
        let entry = entries.by_key.get_mut(key)?;
        if entry.version != version {
            return None;
        }
        entry.last_used = tick;
        Some(entry.answer.clone())
    }

    /// Keeps `answer` for `key` as rendered at `version`, dropping the least recently used
    /// pages while the bodies would pass [`BUDGET_BYTES`]. A body larger than the whole budget
    /// is not kept.
    fn keep(&self, key: AnswerKey, version: i64, answer: KeptAnswer) {
        let size = answer.body.len();
        if size > BUDGET_BYTES {
            return;
        }
        let tick = self.tick();
        let Ok(mut entries) = self.entries.lock() else {
            return;
        };
        if let Some(old) = entries.by_key.remove(&key) {
            entries.bytes -= old.answer.body.len();
        }
        while entries.bytes + size > BUDGET_BYTES {
            let Some(oldest) = entries
                .by_key
                .iter()
                .min_by_key(|(_, entry)| entry.last_used)
                .map(|(key, _)| key.clone())
            else {
                break;
            };
            if let Some(dropped) = entries.by_key.remove(&oldest) {
                entries.bytes -= dropped.answer.body.len();
            }
        }
        entries.bytes += size;
        entries.by_key.insert(
            key,
            Entry {
                version,
                answer,
                last_used: tick,
            },
        );
    }

    fn tick(&self) -> u64 {
        self.clock.fetch_add(1, Ordering::Relaxed)
    }

    #[cfg(test)]
    fn kept_bytes(&self) -> usize {
        self.entries.lock().map_or(0, |entries| entries.bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(shop_id: i64, limit: i64) -> AnswerKey {
        AnswerKey {
            list: List::Products,
            shop_id,
            page: PageKey::first(limit),
        }
    }

    fn answer(body: &str) -> KeptAnswer {
        KeptAnswer {
            headers: HeaderMap::new(),
            body: Bytes::copy_from_slice(body.as_bytes()),
        }
    }

    fn body(kept: Option<KeptAnswer>) -> Option<String> {
        kept.map(|kept| String::from_utf8(kept.body.to_vec()).unwrap())
    }

    #[test]
    fn a_page_is_served_only_at_the_version_it_was_rendered_at() {
        let kept = ResponseCache::default();
        kept.keep(key(1, 10), 7, answer("at 7"));
        assert_eq!(body(kept.get(&key(1, 10), 7)).as_deref(), Some("at 7"));
        assert_eq!(body(kept.get(&key(1, 10), 8)), None, "a newer version");
        assert_eq!(body(kept.get(&key(1, 10), 6)), None, "an older version");
        assert_eq!(body(kept.get(&key(2, 10), 7)), None, "another shop");
        assert_eq!(body(kept.get(&key(1, 11), 7)), None, "another page size");
        kept.keep(key(1, 10), 8, answer("at 8"));
        assert_eq!(body(kept.get(&key(1, 10), 7)), None, "replaced");
        assert_eq!(body(kept.get(&key(1, 10), 8)).as_deref(), Some("at 8"));
        assert_eq!(kept.kept_bytes(), 4);
    }

    #[test]
    fn the_least_recently_used_page_goes_first_when_the_budget_is_full() {
        let kept = ResponseCache::default();
        let third = "x".repeat(BUDGET_BYTES / 3);
        kept.keep(key(1, 1), 1, answer(&third));
        kept.keep(key(1, 2), 1, answer(&third));
        kept.keep(key(1, 3), 1, answer(&third));
        assert!(kept.get(&key(1, 1), 1).is_some(), "page 1 used again");
        kept.keep(key(1, 4), 1, answer(&third));
        assert!(kept.get(&key(1, 2), 1).is_none(), "the least recently used");
        for limit in [1, 3, 4] {
            assert!(kept.get(&key(1, limit), 1).is_some(), "page {limit} kept");
        }
        assert!(kept.kept_bytes() <= BUDGET_BYTES);
        kept.keep(key(1, 5), 1, answer(&"x".repeat(BUDGET_BYTES + 1)));
        assert!(kept.get(&key(1, 5), 1).is_none(), "larger than the budget");
        assert!(kept.get(&key(1, 4), 1).is_some(), "nothing dropped for it");
    }
}
