//! A cart kept priced between changes, so that the till re-prices only the lines a tap changed.
//!
//! The till prices its whole cart after every change. Sent whole as JSON, a 200-line cart spends
//! most of its time in reading and writing JSON, not in pricing. A `CartSession` keeps the
//! priced lines of its last cart; each call names, for every line of the new cart, either one of
//! those lines (unchanged) or the next line of the request's JSON (new or changed). Only the new
//! lines are read and priced, and only they are written back, with the totals. Every line, kept
//! or new, is priced and summed by pos-core exactly as `priceCart` prices it
//! ([`CartLineInput::price_in_cart`], [`CartSum`]), so the answer equals `priceCart`'s.
//!
//! web/src/lib/cart-session.ts decides which lines are unchanged.

use std::rc::Rc;

use pos_core::CoreError;
use pos_core::pricing::{CART_EMPTY, CartInput, CartSum, CartTotals, PricedCartLine, PricedLine};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::boundary::{from_json, js_error};

/// The answer: the newly priced lines in cart order, then the totals (`PricedCart`'s field order).
#[derive(Serialize)]
struct Answer<'a> {
    lines: Vec<&'a PricedLine>,
    #[serde(flatten)]
    totals: CartTotals,
}

/// One cart's priced lines, kept between calls.
#[wasm_bindgen]
pub struct CartSession {
    /// Lines are shared: a line may be kept twice (two equal lines) or by the next cart.
    lines: Vec<Rc<PricedCartLine>>,
    /// Whether the kept lines were priced for a customer who earns points.
    earns_points: bool,
}

impl Default for CartSession {
    fn default() -> Self {
        Self::new()
    }
}

#[wasm_bindgen]
impl CartSession {
    #[wasm_bindgen(constructor)]
    pub fn new() -> CartSession {
        CartSession {
            lines: Vec::new(),
            earns_points: true,
        }
    }

    /// Prices the cart whose line `i` is the session's line `keep[i]` when that is 0 or more, or
    /// else the next line of `request_json` (the JSON bytes of a `CartInput` holding only the
    /// new lines, with the cart's `redeemAmount` and `earnsPoints`). Answers the JSON of the
    /// newly priced lines and the cart's totals. The session changes only when pricing succeeds.
    #[wasm_bindgen]
    pub fn price(&mut self, keep: &[i32], request_json: &[u8]) -> Result<String, JsValue> {
        let request: CartInput = from_json(request_json).map_err(|error| js_error(&error))?;
        let (lines, answer) = self
            .price_lines(keep, &request)
            .map_err(|error| js_error(&error))?;
        self.lines = lines;
        self.earns_points = request.earns_points;
        Ok(answer)
    }
}

impl CartSession {
    fn price_lines(
        &self,
        keep: &[i32],
        request: &CartInput,
    ) -> Result<(Vec<Rc<PricedCartLine>>, String), CoreError> {
        if keep.is_empty() {
            return Err(CoreError::rule(CART_EMPTY));
        }
        let mut sum = CartSum::new(request.redeem_amount)?;
        let mut new_lines = request.lines.iter();
        let mut lines = Vec::with_capacity(keep.len());
        let mut priced_now = Vec::with_capacity(request.lines.len());
        for (index, &kept) in keep.iter().enumerate() {
            let line = match usize::try_from(kept) {
                Ok(kept) => {
                    let line = self
                        .lines
                        .get(kept)
                        .filter(|_| self.earns_points == request.earns_points)
                        .ok_or_else(|| session_error("kept line"))?;
                    Rc::clone(line)
                }
                Err(_) => {
                    let input = new_lines.next().ok_or_else(|| session_error("new line"))?;
                    let line = Rc::new(input.price_in_cart(index, request.earns_points)?);
                    priced_now.push(Rc::clone(&line));
                    line
                }
            };
            sum.add(&line);
            lines.push(line);
        }
        if new_lines.next().is_some() {
            return Err(session_error("new line"));
        }
        let answer = Answer {
            lines: priced_now.iter().map(|line| line.line()).collect(),
            totals: sum.totals()?,
        };
        let json = serde_json::to_string(&answer)
            .map_err(|error| CoreError::rule(format!("Could not return the result: {error}")))?;
        Ok((lines, json))
    }
}

/// A call that does not fit the session's state: a caller's mistake, never a cart's.
fn session_error(what: &str) -> CoreError {
    CoreError::invalid("keep", format!("The cart session has no such {what}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CART: &str = include_str!("../../core/fixtures/priceCart/readme-example.input.json");

    fn whole(json: &str) -> String {
        let cart: CartInput = serde_json::from_str(json).unwrap();
        serde_json::to_string(&pos_core::pricing::price_cart(cart).unwrap()).unwrap()
    }

    /// Prices `keep` and `request` in the session, as web/src/lib/cart-session.ts calls it, and
    /// answers the whole priced cart (keys sorted: compared as JSON values, not bytes; vitest
    /// compares the bytes through WebAssembly).
    fn price(session: &mut CartSession, keep: &[i32], request: &str) -> Result<String, CoreError> {
        let request: CartInput = from_json(request.as_bytes())?;
        let (lines, answer) = session.price_lines(keep, &request)?;
        let answer: serde_json::Value = serde_json::from_str(&answer).unwrap();
        let every_line: Vec<serde_json::Value> = lines
            .iter()
            .map(|line| serde_json::to_value(line.line()).unwrap())
            .collect();
        let mut whole = answer.clone();
        whole["lines"] = serde_json::Value::Array(every_line);
        session.lines = lines;
        session.earns_points = request.earns_points;
        Ok(whole.to_string())
    }

    #[test]
    fn kept_and_new_lines_price_as_the_whole_cart() {
        let mut session = CartSession::new();
        let cart: serde_json::Value = serde_json::from_str(CART).unwrap();
        let first = price(&mut session, &[-1, -1, -1], CART).unwrap();
        let expected: serde_json::Value = serde_json::from_str(&whole(CART)).unwrap();
        assert_eq!(first, expected.to_string());

        // The second line changes; the others are kept (the first twice, as a duplicate).
        let mut changed = cart.clone();
        changed["lines"][1]["quantity"] = "5".into();
        let mut request = changed.clone();
        request["lines"] = serde_json::json!([changed["lines"][1]]);
        let answer = price(&mut session, &[0, -1, 2, 0], &request.to_string()).unwrap();
        let mut full = changed.clone();
        full["lines"] = serde_json::json!([
            changed["lines"][0],
            changed["lines"][1],
            changed["lines"][2],
            changed["lines"][0]
        ]);
        let expected: serde_json::Value = serde_json::from_str(&whole(&full.to_string())).unwrap();
        assert_eq!(answer, expected.to_string());
    }

    #[test]
    fn calls_that_do_not_fit_the_session_are_refused_and_change_nothing() {
        let mut session = CartSession::new();
        price(&mut session, &[-1, -1, -1], CART).unwrap();
        let none = r#"{"lines": []}"#;
        // No such kept line, a line missing from the request, one too many.
        assert!(price(&mut session, &[3], none).is_err());
        assert!(price(&mut session, &[0, -1], none).is_err());
        assert!(price(&mut session, &[0], CART).is_err());
        // Lines priced for a customer who earns points are not a walk-in's.
        assert!(price(&mut session, &[0], r#"{"lines": [], "earnsPoints": false}"#).is_err());
        assert_eq!(session.lines.len(), 3);
        assert_eq!(
            price(&mut session, &[], none).unwrap_err(),
            CoreError::rule(CART_EMPTY)
        );
    }
}
