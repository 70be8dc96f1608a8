-- A till sale's time outside the window the server vouches for (pos_core::sale_time,
-- docs/api-till-sync.md "Dates") is recorded as a sale flag of its own kind,
-- 'time_out_of_window', with the time the till claimed in its detail. The creation time is
-- judged when the invoice is created, so an open invoice (a cart, an open order) may carry
-- that flag; deleting the open invoice deletes its flags (paid invoices are never deleted).
-- SQLite cannot change a CHECK or a foreign key in place, so the table is built again with the
-- same rows and ids.
-- Kept equivalent to migrations/postgres/0016_sale_time_flag.sql.

CREATE TABLE sale_flags_with_times (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id     BIGINT  NOT NULL REFERENCES shops (id),
    invoice_id  BIGINT  NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL,
    detail      TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL,
    CONSTRAINT sale_flags_kind_check CHECK (
        kind IN ('price_difference', 'negative_stock', 'deleted_product',
                 'loyalty_shortfall', 'total_mismatch', 'time_out_of_window')
    )
);

INSERT INTO sale_flags_with_times (id, shop_id, invoice_id, kind, detail, created_at)
SELECT id, shop_id, invoice_id, kind, detail, created_at FROM sale_flags;

DROP TABLE sale_flags;
ALTER TABLE sale_flags_with_times RENAME TO sale_flags;
CREATE INDEX sale_flags_shop_idx ON sale_flags (shop_id, id);
