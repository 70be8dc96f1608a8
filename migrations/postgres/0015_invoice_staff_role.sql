-- An invoice names who rang it up as SPEC's clients show it: the name and the role, as text
-- ("DemoAdmin (admin)"). The name is kept as it was at the sale (0004_sales.sql); the role is
-- kept beside it the same way, so the label stays right after the employee is deleted.
-- Roles never change once a user exists, so the rows written before this column take their
-- user's role; a row whose user is gone keeps '' and is shown by name alone.
-- Kept equivalent to migrations/sqlite/0015_invoice_staff_role.sql.

ALTER TABLE invoices ADD COLUMN staff_role TEXT NOT NULL DEFAULT '';

UPDATE invoices SET staff_role = COALESCE(
    (SELECT u.role FROM users u WHERE u.id = invoices.staff_user_id), ''
) WHERE staff_user_id IS NOT NULL;
