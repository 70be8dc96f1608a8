//! The steps of a sale that several routes share: pricing an invoice's lines with pos_core,
//! settling (paying) an invoice in one transaction, refunding a paid one, and a till sale's
//! steps: its state, its payment, its dates and its flags. Handlers call these; SQL stays in
//! `db`.

pub mod card_refunds;
pub mod numbering;
pub mod pricing;
pub mod refunds;
pub mod settle;
pub mod till_flags;
pub mod till_sale;
pub mod till_state;
pub mod till_times;
