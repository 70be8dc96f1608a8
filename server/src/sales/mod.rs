//! The steps of a sale that several routes share: pricing an invoice's lines with pos_core, and
//! settling (paying) an invoice in one transaction. Handlers call these; SQL stays in `db`.

pub mod pricing;
pub mod settle;
