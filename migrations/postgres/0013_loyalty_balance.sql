-- A customer's loyalty balance is the sum of its ledger rows (0004_sales.sql). Every payment
-- with a customer read that sum, inside the shop's serialised section, and the lists summed
-- it per customer: a cost that grew with every sale to the customer (a walk-in customer that
-- takes every anonymous sale grows by each one). Each customer now carries the sum, kept by
-- the ledger's insert trigger in the same statement as the row: the ledger stays the record
-- that explains a balance (DESIGN.md), and it is append-only, so no write can leave the
-- number different from its sum (server/tests/api/customer_ledger.rs writes rows with plain
-- SQL and checks both).
-- Kept equivalent to migrations/sqlite/0013_loyalty_balance.sql.

ALTER TABLE customers ADD COLUMN loyalty_balance_cents BIGINT NOT NULL DEFAULT 0;

-- The tills already hold these balances: filling the column moves no customer's sync version.
ALTER TABLE customers DISABLE TRIGGER customers_sync_update;
UPDATE customers c SET loyalty_balance_cents = l.total
FROM (
    SELECT shop_id, customer_id, SUM(points_cents)::BIGINT AS total
    FROM loyalty_entries GROUP BY shop_id, customer_id
) l
WHERE c.id = l.customer_id AND c.shop_id = l.shop_id;
ALTER TABLE customers ENABLE TRIGGER customers_sync_update;

-- 0007_sync.sql's ledger trigger, which already updates the customer's row, adds the points.
CREATE OR REPLACE FUNCTION sync_stamp_ledger_customer() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    UPDATE customers SET sync_version = sync_next_version(NEW.shop_id),
        loyalty_balance_cents = loyalty_balance_cents + NEW.points_cents
        WHERE id = NEW.customer_id AND shop_id = NEW.shop_id;
    RETURN NULL;
END;
$$;

-- Corrections are new rows (a refund's reversal, a restored redemption), never edits.
CREATE FUNCTION loyalty_entries_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'loyalty_entries is append-only: % refused', TG_OP;
END;
$$;

CREATE TRIGGER loyalty_entries_no_change BEFORE UPDATE OR DELETE ON loyalty_entries
FOR EACH ROW EXECUTE FUNCTION loyalty_entries_append_only();

CREATE TRIGGER loyalty_entries_no_truncate BEFORE TRUNCATE ON loyalty_entries
FOR EACH STATEMENT EXECUTE FUNCTION loyalty_entries_append_only();
