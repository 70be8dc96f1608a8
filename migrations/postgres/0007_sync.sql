-- Delta sync versions (issue 7). Kept equivalent to migrations/sqlite/0007_sync.sql;
-- the triggers are written in each backend's dialect.
--
-- Every syncable row (categories, products, customers) carries `sync_version`: a number from
-- the shop's counter (`id_counters` kind 'sync_version', one sequence shared by the three
-- tables) taken by the statement that writes the row, so inside the writing transaction. The
-- counter row stays locked until that transaction ends, so a shop's versions are committed in
-- the order they are allocated: once a reader sees version N, every version below N is either
-- committed and visible or was rolled back. A till that remembers the highest version it has
-- read (its cursor) therefore never skips a change (docs/api-sync.md).
--
-- Triggers allocate the versions, so no write path (the routes, the CSV import, the demo seed,
-- the sales history) can forget to: a new row, a changed row (an UPDATE that changes nothing,
-- such as the lock taken by `UPDATE customers SET updated_at = updated_at`, keeps its version),
-- and a customer whose loyalty ledger gains an entry (the synced customer carries its balance).
-- A statement that sets `sync_version` itself (the ledger trigger) is left alone.
--
-- Soft deletion is an UPDATE of `deleted_at`, so a deleted row gets a new version and syncs as a
-- tombstone.
--
-- Existing rows are numbered per shop: categories, then products, then customers, each by id;
-- the counter starts at the highest number.
--
-- PostgreSQL sets the version in BEFORE triggers (NEW is changed, no second UPDATE). The
-- counter upsert locks the shop's counter row until the transaction ends; transactions that
-- write several syncable rows take that lock first (db::sync::claim) so two of them never
-- wait on each other's row locks while one holds the counter.
ALTER TABLE categories ADD COLUMN sync_version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN sync_version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE customers ADD COLUMN sync_version BIGINT NOT NULL DEFAULT 0;

-- Number the existing rows (before the triggers exist, so these UPDATEs allocate nothing).
UPDATE categories SET sync_version = numbered.version
FROM (
    SELECT id, ROW_NUMBER() OVER (PARTITION BY shop_id ORDER BY id) AS version FROM categories
) AS numbered
WHERE categories.id = numbered.id;

UPDATE products SET sync_version = numbered.version
FROM (
    SELECT p.id, ROW_NUMBER() OVER (PARTITION BY p.shop_id ORDER BY p.id)
        + COALESCE(before.top, 0) AS version
    FROM products p
    LEFT JOIN (
        SELECT shop_id, MAX(sync_version) AS top FROM categories GROUP BY shop_id
    ) AS before ON before.shop_id = p.shop_id
) AS numbered
WHERE products.id = numbered.id;

UPDATE customers SET sync_version = numbered.version
FROM (
    SELECT c.id, ROW_NUMBER() OVER (PARTITION BY c.shop_id ORDER BY c.id)
        + COALESCE(before.top, 0) AS version
    FROM customers c
    LEFT JOIN (
        SELECT shop_id, MAX(sync_version) AS top FROM (
            SELECT shop_id, sync_version FROM categories
            UNION ALL SELECT shop_id, sync_version FROM products
        ) AS catalogue GROUP BY shop_id
    ) AS before ON before.shop_id = c.shop_id
) AS numbered
WHERE customers.id = numbered.id;

INSERT INTO id_counters (kind, shop_id, last_value)
SELECT 'sync_version', shop_id, MAX(sync_version) FROM (
    SELECT shop_id, sync_version FROM categories
    UNION ALL SELECT shop_id, sync_version FROM products
    UNION ALL SELECT shop_id, sync_version FROM customers
) AS synced
GROUP BY shop_id;

CREATE INDEX categories_shop_sync_idx ON categories (shop_id, sync_version);
CREATE INDEX products_shop_sync_idx ON products (shop_id, sync_version);
CREATE INDEX customers_shop_sync_idx ON customers (shop_id, sync_version);

-- The next sync version of `shop`, from its locked counter row.
CREATE FUNCTION sync_next_version(shop BIGINT) RETURNS BIGINT
LANGUAGE sql AS $$
    INSERT INTO id_counters (kind, shop_id, last_value) VALUES ('sync_version', shop, 1)
    ON CONFLICT (kind, shop_id) DO UPDATE SET last_value = id_counters.last_value + 1
    RETURNING last_value
$$;

CREATE FUNCTION sync_stamp_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    NEW.sync_version := sync_next_version(NEW.shop_id);
    RETURN NEW;
END;
$$;

CREATE TRIGGER categories_sync_insert BEFORE INSERT ON categories
FOR EACH ROW EXECUTE FUNCTION sync_stamp_row();

CREATE TRIGGER categories_sync_update BEFORE UPDATE ON categories
FOR EACH ROW WHEN (NEW.sync_version = OLD.sync_version AND OLD.* IS DISTINCT FROM NEW.*)
EXECUTE FUNCTION sync_stamp_row();

CREATE TRIGGER products_sync_insert BEFORE INSERT ON products
FOR EACH ROW EXECUTE FUNCTION sync_stamp_row();

CREATE TRIGGER products_sync_update BEFORE UPDATE ON products
FOR EACH ROW WHEN (NEW.sync_version = OLD.sync_version AND OLD.* IS DISTINCT FROM NEW.*)
EXECUTE FUNCTION sync_stamp_row();

CREATE TRIGGER customers_sync_insert BEFORE INSERT ON customers
FOR EACH ROW EXECUTE FUNCTION sync_stamp_row();

CREATE TRIGGER customers_sync_update BEFORE UPDATE ON customers
FOR EACH ROW WHEN (NEW.sync_version = OLD.sync_version AND OLD.* IS DISTINCT FROM NEW.*)
EXECUTE FUNCTION sync_stamp_row();

-- A ledger entry changes the customer's balance, which the synced customer carries. Setting
-- sync_version here keeps the customer's own update trigger out (its WHEN clause).
CREATE FUNCTION sync_stamp_ledger_customer() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    UPDATE customers SET sync_version = sync_next_version(NEW.shop_id)
        WHERE id = NEW.customer_id AND shop_id = NEW.shop_id;
    RETURN NULL;
END;
$$;

CREATE TRIGGER loyalty_entries_sync_customer AFTER INSERT ON loyalty_entries
FOR EACH ROW EXECUTE FUNCTION sync_stamp_ledger_customer();
