-- Every signed-in request reads its session, user and grants in one query
-- (server/src/db/sessions.rs, find_user_session). Summing the grant rows in that query was
-- about a third of its cost in PostgreSQL (docs/benchmarks.md, "The session query's grants"),
-- so each user now carries its grants as one number, kept by triggers in the same statement
-- as every grant or revoke (a cascade from deleting a user included): no write path can
-- leave it stale, and a revoke still applies to the next request on every process.
-- Kept equivalent to migrations/postgres/0012_permission_bits.sql.

-- Each grant's bit: bit i for `Permission::ALL[i]` (server/src/auth/permission.rs); the test
-- server/tests/api/permission_bits.rs fails when the two disagree.
CREATE TABLE permission_bits (
    permission TEXT    PRIMARY KEY,
    bit        INTEGER NOT NULL UNIQUE
);
INSERT INTO permission_bits (permission, bit) VALUES
    ('product_create', 1), ('product_read', 2), ('product_update', 4), ('product_delete', 8),
    ('category_create', 16), ('category_read', 32), ('category_update', 64),
    ('category_delete', 128), ('customer_create', 256), ('customer_read', 512),
    ('customer_update', 1024), ('customer_delete', 2048);

ALTER TABLE users ADD COLUMN permission_bits INTEGER NOT NULL DEFAULT 0;

UPDATE users SET permission_bits = (
    SELECT COALESCE(SUM(b.bit), 0) FROM user_permissions g
    JOIN permission_bits b ON b.permission = g.permission WHERE g.user_id = users.id
);

CREATE TRIGGER user_permissions_bits_insert AFTER INSERT ON user_permissions
BEGIN
    UPDATE users SET permission_bits = (
        SELECT COALESCE(SUM(b.bit), 0) FROM user_permissions g
        JOIN permission_bits b ON b.permission = g.permission WHERE g.user_id = NEW.user_id
    ) WHERE id = NEW.user_id;
END;

CREATE TRIGGER user_permissions_bits_delete AFTER DELETE ON user_permissions
BEGIN
    UPDATE users SET permission_bits = (
        SELECT COALESCE(SUM(b.bit), 0) FROM user_permissions g
        JOIN permission_bits b ON b.permission = g.permission WHERE g.user_id = OLD.user_id
    ) WHERE id = OLD.user_id;
END;
