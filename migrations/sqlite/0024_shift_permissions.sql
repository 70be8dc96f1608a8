-- The shift grants (docs/api-shifts.md, "Who may"): shift_open_close (open and close a till's
-- shift), cash_movement (pay cash in or out of its drawer) and shift_read_all (the back
-- office's shift list, detail and CSV). Until now any admin or staff member opened, closed and
-- moved cash, and admins alone read the back office's shifts; every existing person is granted
-- what they could already do, so nobody loses anything. Kept equivalent to
-- migrations/postgres/0024_shift_permissions.sql.
--
-- SQLite cannot change a CHECK constraint in place: the grants table is rebuilt with the three
-- new names allowed, its rows copied, and the triggers of 0012_permission_bits.sql (dropped
-- with the old table) created again.
CREATE TABLE user_permissions_next (
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    permission TEXT   NOT NULL,
    CONSTRAINT user_permissions_pkey PRIMARY KEY (user_id, permission),
    CONSTRAINT user_permissions_permission_check CHECK (permission IN (
        'product_create', 'product_read', 'product_update', 'product_delete',
        'category_create', 'category_read', 'category_update', 'category_delete',
        'customer_create', 'customer_read', 'customer_update', 'customer_delete',
        'shift_open_close', 'cash_movement', 'shift_read_all'
    ))
);
INSERT INTO user_permissions_next (user_id, permission)
    SELECT user_id, permission FROM user_permissions;
DROP TABLE user_permissions;
ALTER TABLE user_permissions_next RENAME TO user_permissions;

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

-- Bits 12 to 14, after SPEC's twelve (`Permission::ALL`, server/src/auth/permission.rs).
INSERT INTO permission_bits (permission, bit) VALUES
    ('shift_open_close', 4096), ('cash_movement', 8192), ('shift_read_all', 16384);

INSERT INTO user_permissions (user_id, permission)
    SELECT id, 'shift_open_close' FROM users WHERE role IN ('admin', 'staff');
INSERT INTO user_permissions (user_id, permission)
    SELECT id, 'cash_movement' FROM users WHERE role IN ('admin', 'staff');
INSERT INTO user_permissions (user_id, permission)
    SELECT id, 'shift_read_all' FROM users WHERE role = 'admin';
