-- Every signed-in request reads its session, user and grants in one query
-- (server/src/db/sessions.rs, find_user_session). Summing the grant rows in that query was
-- about a third of its cost in PostgreSQL (docs/benchmarks.md, "The session query's grants"),
-- so each user now carries its grants as one number, kept by triggers in the same statement
-- as every grant or revoke (a cascade from deleting a user included): no write path can
-- leave it stale, and a revoke still applies to the next request on every process.
-- Kept equivalent to migrations/sqlite/0012_permission_bits.sql.

-- Each grant's bit: bit i for `Permission::ALL[i]` (server/src/auth/permission.rs); the test
-- server/tests/api/permission_bits.rs fails when the two disagree.
CREATE TABLE permission_bits (
    permission TEXT   PRIMARY KEY,
    bit        BIGINT NOT NULL UNIQUE
);
INSERT INTO permission_bits (permission, bit) VALUES
    ('product_create', 1), ('product_read', 2), ('product_update', 4), ('product_delete', 8),
    ('category_create', 16), ('category_read', 32), ('category_update', 64),
    ('category_delete', 128), ('customer_create', 256), ('customer_read', 512),
    ('customer_update', 1024), ('customer_delete', 2048);

ALTER TABLE users ADD COLUMN permission_bits BIGINT NOT NULL DEFAULT 0;

-- The user's grants as one number, from its rows.
CREATE FUNCTION user_permission_bits(user_id BIGINT) RETURNS BIGINT
LANGUAGE sql STABLE AS $$
    SELECT COALESCE(SUM(b.bit), 0)::BIGINT FROM user_permissions g
    JOIN permission_bits b ON b.permission = g.permission
    WHERE g.user_id = user_permission_bits.user_id
$$;

UPDATE users SET permission_bits = user_permission_bits(id);

CREATE FUNCTION user_permissions_keep_bits() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE users SET permission_bits = user_permission_bits(NEW.user_id) WHERE id = NEW.user_id;
    ELSE
        UPDATE users SET permission_bits = user_permission_bits(OLD.user_id) WHERE id = OLD.user_id;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER user_permissions_bits AFTER INSERT OR DELETE ON user_permissions
FOR EACH ROW EXECUTE FUNCTION user_permissions_keep_bits();
