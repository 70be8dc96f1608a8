//! The machinery the repositories share, holding no aggregate of its own: the numbers behind
//! human-readable ids (`id_counters`, [`counters`]), exact numbers in integer columns
//! ([`scaled`]), multi-row inserts ([`multi_row`]) and inserts sent together at the end of a
//! write ([`write_batch`]), the per-shop lock of sales writes ([`shop_locks`]), the UUIDs tills
//! name invoices and customers by ([`till_refs`]), and the planner's statistics after a bulk
//! load ([`statistics`]).

pub mod counters;
pub mod multi_row;
pub mod scaled;
pub mod shop_locks;
pub mod statistics;
pub mod till_refs;
pub mod write_batch;
