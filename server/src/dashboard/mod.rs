//! The sales dashboards (docs/api-dashboard.md): the roll-ups kept by paying and refunding
//! (`rollup`) and the charts read from them (`charts`).

pub mod charts;
pub mod rollup;
