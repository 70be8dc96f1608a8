//! Pages of the management lists (docs/pagination.md): `GET /product`, `/customer`,
//! `/categories`, `/admin/staff/list`, `/super-admin/shops` and `/super-admin/employees` read
//! `?limit=` (1 to 1000 rows, 1000 when absent) and `?after=` (the cursor of the previous page)
//! and answer one page, with `Link: <...>; rel="next"` (RFC 8288) while more rows follow. The
//! body is the list's usual `data` array, so a client that never follows the link still gets
//! every row of a list of up to 1000.
//!
//! Keyset pagination, never OFFSET: a cursor is the last row's sort key (its name and id, or
//! only its id), so the next page starts right after that row however many rows were added or
//! deleted before it, and the database walks its index from there instead of counting rows.
//! The key says nothing about the shop: a cursor replayed elsewhere only picks a starting point
//! in a list the caller may read anyway. Cursors are opaque to clients (`list_cursor`).

use axum::extract::{FromRequestParts, OriginalUri, Query};
use axum::http::request::Parts;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use url::form_urlencoded;

pub use super::list_cursor::{Cursor, List};
use super::{ApiError, Success};

/// The largest page, and the page size when `limit` is not given.
pub const MAX_LIMIT: i64 = 1000;
/// The longest `after`: a cursor of a name of up to 1000 bytes (names are at most 120
/// characters) and an id.
pub const AFTER_MAX_CHARS: usize = 1400;
pub const BAD_LIMIT: &str = "limit must be a whole number from 1 to 1000";
pub const BAD_AFTER: &str =
    "after must be the cursor of this list's previous page, as its Link header gives it";

/// The query of a paged list, every value as text so a bad one gets the field's own message.
/// Unknown parameters are ignored; a blank value is not given.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// Rows per page: a whole number from 1 to 1000, 1000 when absent.
    #[param(value_type = Option<String>, pattern = r"^\s*[0-9]*\s*$")]
    limit: Option<String>,
    /// Where the page starts: the cursor of the previous page, as its `Link` header gives it;
    /// absent for the first page.
    #[param(value_type = Option<String>, pattern = r"^\s*[A-Za-z0-9_-]*\s*$", max_length = 1400)]
    after: Option<String>,
}

/// A value that is absent or blank is not given.
fn given(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|text| !text.is_empty())
}

/// What a page request asks for, checked except for `after`, which only its list can read
/// ([`ListPage::of`]). Extract it after the session, so a caller without one gets 401 first.
#[derive(Debug)]
pub struct ListPage {
    limit: i64,
    after: Option<String>,
    /// The request's path under /api/v1, the target of the next page's link.
    path: String,
}

impl<S: Send + Sync> FromRequestParts<S> for ListPage {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        let Query(query) = Query::<PageQuery>::try_from_uri(&parts.uri)
            .map_err(|rejection| ApiError::BadRequest(rejection.body_text()))?;
        let path = parts
            .extensions
            .get::<OriginalUri>()
            .map_or_else(|| parts.uri.path(), |original| original.path())
            .to_owned();
        ListPage::read(&query, path)
    }
}

impl ListPage {
    fn read(query: &PageQuery, path: String) -> Result<Self, ApiError> {
        let limit = match given(query.limit.as_deref()) {
            None => MAX_LIMIT,
            // Digits only: no sign, no decimals, nothing a client could mean two ways.
            Some(text) => Some(text)
                .filter(|text| text.bytes().all(|byte| byte.is_ascii_digit()))
                .and_then(|text| text.parse::<i64>().ok())
                .filter(|limit| (1..=MAX_LIMIT).contains(limit))
                .ok_or_else(|| ApiError::BadRequest(BAD_LIMIT.to_owned()))?,
        };
        if query.after.as_deref().map_or(0, str::len) > AFTER_MAX_CHARS {
            return Err(ApiError::BadRequest(BAD_AFTER.to_owned()));
        }
        Ok(Self {
            limit,
            after: given(query.after.as_deref()).map(str::to_owned),
            path,
        })
    }

    /// The request for `list`: 400 for an `after` that is not one of its cursors.
    /// What names this page among the pages of one shop's list: its size and its cursor.
    pub fn key(&self) -> PageKey {
        PageKey {
            limit: self.limit,
            after: self.after.clone(),
        }
    }

    pub fn of(self, list: List) -> Result<Page, ApiError> {
        let after = match self.after.as_deref() {
            None => None,
            Some(text) => Some(
                Cursor::decode(list, text)
                    .ok_or_else(|| ApiError::BadRequest(BAD_AFTER.to_owned()))?,
            ),
        };
        Ok(Page {
            list,
            limit: self.limit,
            after,
            path: self.path,
            kept: Vec::new(),
        })
    }
}

/// A checked page request of one list.
/// A page's size and cursor as the request gave them (`response_cache` keys pages by it).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PageKey {
    limit: i64,
    after: Option<String>,
}

impl PageKey {
    /// The first page of `limit` rows.
    pub fn first(limit: i64) -> Self {
        Self { limit, after: None }
    }
}

#[derive(Debug)]
pub struct Page {
    list: List,
    limit: i64,
    after: Option<Cursor>,
    path: String,
    /// The list's other query parameters, repeated in the next page's link.
    kept: Vec<(&'static str, String)>,
}

impl Page {
    /// Rows to read: one more than the page, to know whether another page follows.
    pub fn fetch_limit(&self) -> i64 {
        self.limit + 1
    }

    /// The name and id to start after, in a list sorted by name.
    pub fn after_name(&self) -> Option<(&str, i64)> {
        match &self.after {
            Some(Cursor::Named { name, id }) => Some((name.as_str(), *id)),
            _ => None,
        }
    }

    /// The id to start after, in a list sorted by id.
    pub fn after_id(&self) -> Option<i64> {
        match self.after {
            Some(Cursor::Id(id)) => Some(id),
            _ => None,
        }
    }

    /// The time and id to start after, in a list sorted by a time, newest first.
    pub fn after_time(&self) -> Option<(i64, i64)> {
        match self.after {
            Some(Cursor::Timed { at, id }) => Some((at, id)),
            _ => None,
        }
    }

    /// Repeat `name=value` in the next page's link (e.g. the employees' `shop`).
    pub fn keep(mut self, name: &'static str, value: String) -> Self {
        self.kept.push((name, value));
        self
    }

    /// The page's rows (at most `limit` of the `fetch_limit` read) and the link to the next
    /// page when more rows follow; `key` gives a row's sort key.
    pub fn cut<R>(&self, mut rows: Vec<R>, key: impl Fn(&R) -> Cursor) -> (Vec<R>, Next) {
        let limit = usize::try_from(self.limit).unwrap_or(usize::MAX);
        if rows.len() <= limit {
            return (rows, Next(None));
        }
        rows.truncate(limit);
        let link = rows.last().map(|last| self.link(&key(last)));
        (rows, Next(link))
    }

    fn link(&self, cursor: &Cursor) -> String {
        let mut query = form_urlencoded::Serializer::new(String::new());
        for (name, value) in &self.kept {
            query.append_pair(name, value);
        }
        query.append_pair("limit", &self.limit.to_string());
        query.append_pair("after", &cursor.encode(self.list));
        format!("<{}?{}>; rel=\"next\"", self.path, query.finish())
    }
}

/// The `Link` header value of the next page, if any.
#[derive(Debug)]
pub struct Next(Option<String>);

/// One page of a list: the usual answer, with `Link: <...>; rel="next"` while more follow.
#[derive(Debug)]
pub struct Paged<T> {
    answer: Success<Vec<T>>,
    next: Next,
}

impl<T: Serialize> Paged<T> {
    pub fn new(answer: Success<Vec<T>>, next: Next) -> Self {
        Self { answer, next }
    }
}

impl<T: Serialize> IntoResponse for Paged<T> {
    fn into_response(self) -> Response {
        let link = match self
            .next
            .0
            .as_deref()
            .map(HeaderValue::from_str)
            .transpose()
        {
            Ok(link) => link,
            // The path is as routed and the query URL-encoded, so this cannot happen; if it
            // did, an answer without its link would silently cut the list short.
            Err(error) => return ApiError::internal(error).into_response(),
        };
        let mut response = self.answer.into_response();
        if let Some(link) = link {
            response.headers_mut().insert(header::LINK, link);
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(limit: Option<&str>, after: Option<&str>) -> Result<ListPage, ApiError> {
        let query = PageQuery {
            limit: limit.map(str::to_owned),
            after: after.map(str::to_owned),
        };
        ListPage::read(&query, "/api/v1/product".to_owned())
    }

    fn message(error: ApiError) -> String {
        match error {
            ApiError::BadRequest(message) => message,
            other => panic!("not a 400: {other:?}"),
        }
    }

    #[test]
    fn absent_or_blank_values_take_the_defaults() {
        for (limit, after) in [(None, None), (Some(" "), Some(""))] {
            let page = read(limit, after).unwrap().of(List::Products).unwrap();
            assert_eq!((page.limit, page.after), (MAX_LIMIT, None));
        }
        let page = read(Some(" 7 "), None).unwrap();
        assert_eq!(page.limit, 7);
    }

    #[test]
    fn bad_limits_name_the_limit() {
        for limit in [
            "0",
            "1001",
            "abc",
            "-1",
            "+3",
            "2.0",
            "99999999999999999999",
        ] {
            assert_eq!(
                message(read(Some(limit), None).unwrap_err()),
                BAD_LIMIT,
                "{limit}"
            );
        }
    }

    #[test]
    fn bad_afters_name_the_after() {
        let too_long = "a".repeat(AFTER_MAX_CHARS + 1);
        let other_list = Cursor::Id(3).encode(List::Shops);
        for after in ["x", "a+b", "%%", "AAAA", &other_list, too_long.as_str()] {
            let error = read(None, Some(after)).and_then(|page| page.of(List::Products));
            assert_eq!(message(error.unwrap_err()), BAD_AFTER, "{after}");
        }
    }

    #[test]
    fn a_full_page_links_to_the_next_with_the_kept_parameters() {
        let page = read(Some("2"), None)
            .unwrap()
            .of(List::Employees)
            .unwrap()
            .keep("shop", "3 &x".to_owned());
        let (rows, Next(link)) = page.cut(vec![10, 11, 12], |id| Cursor::Id(*id));
        assert_eq!(rows, [10, 11]);
        let cursor = Cursor::Id(11).encode(List::Employees);
        assert_eq!(
            link.unwrap(),
            format!("</api/v1/product?shop=3+%26x&limit=2&after={cursor}>; rel=\"next\"")
        );
        let (rows, Next(link)) = page.cut(vec![10, 11], |id| Cursor::Id(*id));
        assert_eq!((rows, link), (vec![10, 11], None));
    }
}
