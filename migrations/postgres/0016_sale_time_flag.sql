-- A till sale's time outside the window the server vouches for (pos_core::sale_time,
-- docs/api-till-sync.md "Dates") is recorded as a sale flag of its own kind,
-- 'time_out_of_window', with the time the till claimed in its detail. The creation time is
-- judged when the invoice is created, so an open invoice (a cart, an open order) may carry
-- that flag; deleting the open invoice deletes its flags (paid invoices are never deleted).
-- Kept equivalent to migrations/sqlite/0016_sale_time_flag.sql.

ALTER TABLE sale_flags DROP CONSTRAINT sale_flags_kind_check;
ALTER TABLE sale_flags ADD CONSTRAINT sale_flags_kind_check CHECK (
    kind IN ('price_difference', 'negative_stock', 'deleted_product',
             'loyalty_shortfall', 'total_mismatch', 'time_out_of_window')
);

ALTER TABLE sale_flags DROP CONSTRAINT sale_flags_invoice_id_fkey;
ALTER TABLE sale_flags ADD CONSTRAINT sale_flags_invoice_id_fkey
    FOREIGN KEY (invoice_id) REFERENCES invoices (id) ON DELETE CASCADE;
