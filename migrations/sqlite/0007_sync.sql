-- Delta sync versions (issue 7). Kept equivalent to migrations/postgres/0007_sync.sql;
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
-- SQLite has no BEFORE trigger that can change NEW, so AFTER triggers write the version back
-- with an UPDATE of the row. That UPDATE does not fire the trigger again: recursive_triggers is
-- off (SQLite's default), and the WHEN clause skips statements that set sync_version.
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

CREATE TRIGGER categories_sync_insert AFTER INSERT ON categories
BEGIN
    INSERT INTO id_counters (kind, shop_id, last_value) VALUES ('sync_version', NEW.shop_id, 1)
        ON CONFLICT (kind, shop_id) DO UPDATE SET last_value = id_counters.last_value + 1;
    UPDATE categories SET sync_version = (
        SELECT last_value FROM id_counters WHERE kind = 'sync_version' AND shop_id = NEW.shop_id
    ) WHERE id = NEW.id;
END;

CREATE TRIGGER categories_sync_update AFTER UPDATE ON categories
WHEN NEW.sync_version IS OLD.sync_version AND (
        NEW.shop_id IS NOT OLD.shop_id
        OR NEW.category_name IS NOT OLD.category_name
        OR NEW.description IS NOT OLD.description
        OR NEW.discount_rate_e4 IS NOT OLD.discount_rate_e4
        OR NEW.created_at IS NOT OLD.created_at
        OR NEW.updated_at IS NOT OLD.updated_at
        OR NEW.deleted_at IS NOT OLD.deleted_at
    )
BEGIN
    INSERT INTO id_counters (kind, shop_id, last_value) VALUES ('sync_version', NEW.shop_id, 1)
        ON CONFLICT (kind, shop_id) DO UPDATE SET last_value = id_counters.last_value + 1;
    UPDATE categories SET sync_version = (
        SELECT last_value FROM id_counters WHERE kind = 'sync_version' AND shop_id = NEW.shop_id
    ) WHERE id = NEW.id;
END;

CREATE TRIGGER products_sync_insert AFTER INSERT ON products
BEGIN
    INSERT INTO id_counters (kind, shop_id, last_value) VALUES ('sync_version', NEW.shop_id, 1)
        ON CONFLICT (kind, shop_id) DO UPDATE SET last_value = id_counters.last_value + 1;
    UPDATE products SET sync_version = (
        SELECT last_value FROM id_counters WHERE kind = 'sync_version' AND shop_id = NEW.shop_id
    ) WHERE id = NEW.id;
END;

CREATE TRIGGER products_sync_update AFTER UPDATE ON products
WHEN NEW.sync_version IS OLD.sync_version AND (
        NEW.shop_id IS NOT OLD.shop_id
        OR NEW.product_number IS NOT OLD.product_number
        OR NEW.custom IS NOT OLD.custom
        OR NEW.category_id IS NOT OLD.category_id
        OR NEW.barcode_number IS NOT OLD.barcode_number
        OR NEW.product_name IS NOT OLD.product_name
        OR NEW.quantity_e3 IS NOT OLD.quantity_e3
        OR NEW.unit IS NOT OLD.unit
        OR NEW.cost_price_cents IS NOT OLD.cost_price_cents
        OR NEW.cost_price_profit_e4 IS NOT OLD.cost_price_profit_e4
        OR NEW.selling_price_cents IS NOT OLD.selling_price_cents
        OR NEW.discount_e4 IS NOT OLD.discount_e4
        OR NEW.discount_type IS NOT OLD.discount_type
        OR NEW.product_tax_e4 IS NOT OLD.product_tax_e4
        OR NEW.loyalty_rate_e4 IS NOT OLD.loyalty_rate_e4
        OR NEW.created_at IS NOT OLD.created_at
        OR NEW.updated_at IS NOT OLD.updated_at
        OR NEW.deleted_at IS NOT OLD.deleted_at
    )
BEGIN
    INSERT INTO id_counters (kind, shop_id, last_value) VALUES ('sync_version', NEW.shop_id, 1)
        ON CONFLICT (kind, shop_id) DO UPDATE SET last_value = id_counters.last_value + 1;
    UPDATE products SET sync_version = (
        SELECT last_value FROM id_counters WHERE kind = 'sync_version' AND shop_id = NEW.shop_id
    ) WHERE id = NEW.id;
END;

CREATE TRIGGER customers_sync_insert AFTER INSERT ON customers
BEGIN
    INSERT INTO id_counters (kind, shop_id, last_value) VALUES ('sync_version', NEW.shop_id, 1)
        ON CONFLICT (kind, shop_id) DO UPDATE SET last_value = id_counters.last_value + 1;
    UPDATE customers SET sync_version = (
        SELECT last_value FROM id_counters WHERE kind = 'sync_version' AND shop_id = NEW.shop_id
    ) WHERE id = NEW.id;
END;

CREATE TRIGGER customers_sync_update AFTER UPDATE ON customers
WHEN NEW.sync_version IS OLD.sync_version AND (
        NEW.shop_id IS NOT OLD.shop_id
        OR NEW.customer_name IS NOT OLD.customer_name
        OR NEW.phone_number IS NOT OLD.phone_number
        OR NEW.email IS NOT OLD.email
        OR NEW.created_at IS NOT OLD.created_at
        OR NEW.updated_at IS NOT OLD.updated_at
        OR NEW.deleted_at IS NOT OLD.deleted_at
    )
BEGIN
    INSERT INTO id_counters (kind, shop_id, last_value) VALUES ('sync_version', NEW.shop_id, 1)
        ON CONFLICT (kind, shop_id) DO UPDATE SET last_value = id_counters.last_value + 1;
    UPDATE customers SET sync_version = (
        SELECT last_value FROM id_counters WHERE kind = 'sync_version' AND shop_id = NEW.shop_id
    ) WHERE id = NEW.id;
END;

-- A ledger entry changes the customer's balance, which the synced customer carries.
CREATE TRIGGER loyalty_entries_sync_customer AFTER INSERT ON loyalty_entries
BEGIN
    INSERT INTO id_counters (kind, shop_id, last_value) VALUES ('sync_version', NEW.shop_id, 1)
        ON CONFLICT (kind, shop_id) DO UPDATE SET last_value = id_counters.last_value + 1;
    UPDATE customers SET sync_version = (
        SELECT last_value FROM id_counters WHERE kind = 'sync_version' AND shop_id = NEW.shop_id
    ) WHERE id = NEW.customer_id AND shop_id = NEW.shop_id;
END;
