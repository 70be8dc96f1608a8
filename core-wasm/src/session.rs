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
