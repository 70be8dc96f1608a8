-- The stock ledger (docs/api-stock.md): every change of a catalogue product's stock is a row, so
-- a shop can see why its quantity is what it is. `products.quantity_e3` stays on the product for
-- the counter's speed and always equals the sum of the product's rows here (the rows of this
-- migration open each product's ledger at the quantity it has now).
--
-- Kinds: `opening` (a product's first stock, or the quantity it had when the ledger began),
-- `sale` (written by the trigger below when a sale is numbered), `refund` (goods taken back),
-- `correction` (a quantity set by editing the product), and `receiving`, `adjustment` (with a
-- reason) and `count` for the stock screens. Quantities in thousandths of the product's unit,
-- signed (below 0 takes stock off); times in unix milliseconds. The ledger is append-only.
-- Kept equivalent to migrations/postgres/0029_stock_ledger.sql.
-- A stock adjustment: goods taken off or put back by hand, one reason for all its lines
-- (`damaged`, `expired`, `theft`, `correction`). `client_ref` makes an adjustment sent again
-- (a lost answer, the outbox) land once.
CREATE TABLE stock_adjustments (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id     BIGINT  NOT NULL REFERENCES shops (id),
    reason      TEXT    NOT NULL,
    note        TEXT    NOT NULL DEFAULT '',
    client_ref  TEXT    NOT NULL,
    user_id     BIGINT,
    user_name   TEXT    NOT NULL DEFAULT '',
    created_at  BIGINT  NOT NULL,
    CONSTRAINT stock_adjustments_reason_check CHECK (
        reason IN ('damaged', 'expired', 'theft', 'correction')
    ),
    CONSTRAINT stock_adjustments_client_ref_key UNIQUE (shop_id, client_ref)
);

CREATE TABLE stock_moves (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id     BIGINT  NOT NULL REFERENCES shops (id),
    product_id  BIGINT  NOT NULL REFERENCES products (id),
    kind        TEXT    NOT NULL,
    reason      TEXT,
    change_e3   BIGINT  NOT NULL,
    invoice_id  BIGINT  REFERENCES invoices (id),
    refund_id   BIGINT  REFERENCES refunds (id),
    adjustment_id BIGINT REFERENCES stock_adjustments (id),
    shift_id    BIGINT  REFERENCES shifts (id),
    user_id     BIGINT,
    user_name   TEXT    NOT NULL DEFAULT '',
    created_at  BIGINT  NOT NULL,
    CONSTRAINT stock_moves_kind_check CHECK (
        kind IN ('opening', 'sale', 'refund', 'correction', 'receiving', 'adjustment', 'count')
    ),
    CONSTRAINT stock_moves_reason_check CHECK (
        (kind = 'adjustment' AND reason IN ('damaged', 'expired', 'theft', 'correction')
         AND adjustment_id IS NOT NULL)
        OR (kind <> 'adjustment' AND reason IS NULL AND adjustment_id IS NULL)
    ),
    CONSTRAINT stock_moves_change_check CHECK (change_e3 <> 0)
);
CREATE INDEX stock_moves_product_idx ON stock_moves (shop_id, product_id, id);
CREATE INDEX stock_moves_time_idx ON stock_moves (shop_id, created_at, id);
CREATE INDEX stock_moves_adjustment_idx ON stock_moves (shop_id, adjustment_id)
    WHERE adjustment_id IS NOT NULL;

CREATE TRIGGER stock_moves_no_update BEFORE UPDATE ON stock_moves
BEGIN
    SELECT RAISE(ABORT, 'stock_moves is append-only: UPDATE refused');
END;

CREATE TRIGGER stock_moves_no_delete BEFORE DELETE ON stock_moves
BEGIN
    SELECT RAISE(ABORT, 'stock_moves is append-only: DELETE refused');
END;

-- A sale takes its stock in the payment's transaction (`db::catalog::stock_takes`) and is
-- numbered last, once nothing can refuse it: its rows are written then, one per product sold,
-- with the cashier, the shift and the sale's own time. In the numbering statement itself, so a
-- payment waits for no extra round trip.
CREATE TRIGGER stock_moves_of_sale AFTER UPDATE OF receipt_number ON invoices
WHEN OLD.receipt_number IS NULL AND NEW.receipt_number IS NOT NULL
BEGIN
    INSERT INTO stock_moves
        (shop_id, product_id, kind, change_e3, invoice_id, shift_id, user_id, user_name,
         created_at)
    SELECT NEW.shop_id, lines.product_id, 'sale', -SUM(lines.quantity_e3), NEW.id,
           NEW.shift_id, NEW.staff_user_id, NEW.staff_name, COALESCE(NEW.paid_at, NEW.updated_at)
    FROM invoice_lines AS lines
    JOIN products ON products.id = lines.product_id AND products.shop_id = NEW.shop_id
    WHERE lines.invoice_id = NEW.id AND lines.custom_product = 0 AND products.custom = 0
    GROUP BY lines.product_id
    HAVING SUM(lines.quantity_e3) <> 0;
END;

-- Each catalogue product's ledger opens at the quantity it has now.
INSERT INTO stock_moves (shop_id, product_id, kind, change_e3, user_name, created_at)
SELECT shop_id, id, 'opening', quantity_e3, '', updated_at
FROM products WHERE custom = 0 AND quantity_e3 <> 0
ORDER BY id;
