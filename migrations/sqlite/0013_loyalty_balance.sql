-- A customer's loyalty balance is the sum of its ledger rows (0004_sales.sql). Every payment
-- with a customer read that sum, inside the shop's serialised section, and the lists summed
-- it per customer: a cost that grew with every sale to the customer (a walk-in customer that
-- takes every anonymous sale grows by each one). Each customer now carries the sum, kept by
-- the ledger's insert trigger in the same statement as the row: the ledger stays the record
-- that explains a balance (DESIGN.md), and it is append-only, so no write can leave the
-- number different from its sum (server/tests/api/customer_ledger.rs writes rows with plain
-- SQL and checks both).
-- Kept equivalent to migrations/postgres/0013_loyalty_balance.sql.

ALTER TABLE customers ADD COLUMN loyalty_balance_cents INTEGER NOT NULL DEFAULT 0;

-- The tills already hold these balances, and 0007_sync.sql's customers_sync_update names the
-- columns that move a sync version: this one is not among them.
UPDATE customers SET loyalty_balance_cents = (
    SELECT COALESCE(SUM(l.points_cents), 0) FROM loyalty_entries l
    WHERE l.shop_id = customers.shop_id AND l.customer_id = customers.id
);

-- 0007_sync.sql's ledger trigger, which already updates the customer's row, adds the points.
DROP TRIGGER loyalty_entries_sync_customer;
CREATE TRIGGER loyalty_entries_sync_customer AFTER INSERT ON loyalty_entries
BEGIN
    INSERT INTO id_counters (kind, shop_id, last_value) VALUES ('sync_version', NEW.shop_id, 1)
        ON CONFLICT (kind, shop_id) DO UPDATE SET last_value = id_counters.last_value + 1;
    UPDATE customers SET sync_version = (
        SELECT last_value FROM id_counters WHERE kind = 'sync_version' AND shop_id = NEW.shop_id
    ), loyalty_balance_cents = loyalty_balance_cents + NEW.points_cents
    WHERE id = NEW.customer_id AND shop_id = NEW.shop_id;
END;

-- Corrections are new rows (a refund's reversal, a restored redemption), never edits.
CREATE TRIGGER loyalty_entries_no_update BEFORE UPDATE ON loyalty_entries
BEGIN
    SELECT RAISE(ABORT, 'loyalty_entries is append-only: UPDATE refused');
END;

CREATE TRIGGER loyalty_entries_no_delete BEFORE DELETE ON loyalty_entries
BEGIN
    SELECT RAISE(ABORT, 'loyalty_entries is append-only: DELETE refused');
END;
