//! The sales dashboards (docs/api-dashboard.md): the roll-ups kept by paying and refunding
//! (`rollup`), computed from scratch at start and on a time zone change (`rebuild`), and the
//! charts read from them (`charts`).

pub mod charts;
pub mod rebuild;
pub mod rollup;
