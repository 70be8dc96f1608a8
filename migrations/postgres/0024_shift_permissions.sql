-- The shift grants (docs/api-shifts.md, "Who may"): shift_open_close (open and close a till's
-- shift), cash_movement (pay cash in or out of its drawer) and shift_read_all (the back
-- office's shift list, detail and CSV). Until now any admin or staff member opened, closed and
-- moved cash, and admins alone read the back office's shifts; every existing person is granted
-- what they could already do, so nobody loses anything. Kept equivalent to
-- migrations/sqlite/0024_shift_permissions.sql.
ALTER TABLE user_permissions DROP CONSTRAINT user_permissions_permission_check;
ALTER TABLE user_permissions ADD CONSTRAINT user_permissions_permission_check CHECK (permission IN (
    'product_create', 'product_read', 'product_update', 'product_delete',
    'category_create', 'category_read', 'category_update', 'category_delete',
    'customer_create', 'customer_read', 'customer_update', 'customer_delete',
    'shift_open_close', 'cash_movement', 'shift_read_all'
));

-- Bits 12 to 14, after SPEC's twelve (`Permission::ALL`, server/src/auth/permission.rs).
INSERT INTO permission_bits (permission, bit) VALUES
    ('shift_open_close', 4096), ('cash_movement', 8192), ('shift_read_all', 16384);

INSERT INTO user_permissions (user_id, permission)
    SELECT id, 'shift_open_close' FROM users WHERE role IN ('admin', 'staff');
INSERT INTO user_permissions (user_id, permission)
    SELECT id, 'cash_movement' FROM users WHERE role IN ('admin', 'staff');
INSERT INTO user_permissions (user_id, permission)
    SELECT id, 'shift_read_all' FROM users WHERE role = 'admin';
