//! Selling: an open invoice changed as a whole (`open_invoice`), by SPEC's cart edits
//! (`cart_edits`) or by a till's whole state (`till_state`), under one stock rule
//! (`stock_rule`); pricing with pos_core; settling (paying) an invoice in one transaction;
//! refunding a paid one; a till sale's payment, dates and flags; the tills' shifts. Handlers call
//! these; SQL stays in `db`.

pub mod card_parts;
mod cart_audit;
pub mod cart_edits;
pub mod gift_cards;
pub mod numbering;
pub mod open_invoice;
pub mod pricing;
pub mod refunds;
pub mod settle;
mod shift_audit;
pub mod shift_reports;
pub mod shift_times;
pub mod shifts;
pub mod stock_rule;
pub mod store_credit;
pub mod tendering;
pub mod till_flags;
pub mod till_sale;
pub mod till_state;
pub mod till_times;
