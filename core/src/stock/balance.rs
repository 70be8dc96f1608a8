//! A product's stock from its ledger (operation `stockBalance`).
//!
//! The ledger rule: a product's stock is never stored on its own, it is the sum of the signed
//! moves in its ledger. Opening stock 24, a sale of 3, a refund of 1, a delivery of 12 and a
//! count that found 2 missing give `24 - 3 + 1 + 12 - 2 = 32`.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::checks::{Sign, quantity, quantity_text, refuse_with};
use super::kinds::{MoveKind, MoveSign};
use crate::error::CoreResult;
use crate::pricing::checks::Field;

/// One row of a product's ledger: what kind of move and its signed quantity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StockMove {
    pub kind: MoveKind,
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub quantity: Decimal,
}

/// Input of `stockBalance`: the product's ledger, in any order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StockBalanceInput {
    #[serde(default)]
    pub moves: Vec<StockMove>,
}

/// Output of `stockBalance`: the stock (the moves' sum, may be below 0) and how many moves made it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StockBalance {
    pub quantity: Decimal,
    pub moves: usize,
}

/// The sum of the ledger's moves. Each move's quantity is checked: not 0, at most 3 decimals, at
/// most 1,000,000 either side of 0, and signed as its kind says ([`MoveKind::sign`]: a sale is
/// below 0, a refund or a delivery above 0).
pub fn stock_balance(input: StockBalanceInput) -> CoreResult<StockBalance> {
    let mut total = Decimal::ZERO;
    for (index, stock_move) in input.moves.iter().enumerate() {
        let field = Field::Item("moves", index, "quantity");
        let moved = quantity(stock_move.quantity, field, Sign::NotZero)?;
        let wrong_way = match stock_move.kind.sign() {
            MoveSign::On => moved
                .is_sign_negative()
                .then_some("puts stock on: its quantity must be above 0"),
            MoveSign::Off => (!moved.is_sign_negative())
                .then_some("takes stock off: its quantity must be below 0"),
            MoveSign::Either => None,
        };
        if let Some(rule) = wrong_way {
            return Err(refuse_with(
                field,
                &format!("a {} {rule}", stock_move.kind.words().to_lowercase()),
            ));
        }
        total += moved;
    }
    Ok(StockBalance {
        quantity: quantity_text(total),
        moves: input.moves.len(),
    })
}
