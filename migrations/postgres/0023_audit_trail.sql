-- The audit trail (docs/api-audit.md): who did what to money and stock. Kept equivalent to
-- migrations/sqlite/0023_audit_trail.sql; only the triggers are spelled per backend.
--
-- audit_log.subject      what the row is about, as the back office names it ("invoice
--                        INV-000012", "shift SH-000004", "product Salt"); '' for a sign-in.
-- audit_log.user_name    the person's name when it happened: an employee deleted later still
--                        reads by name.
-- audit_log.device_code  the till's 4 hex digits when a till did it, '' otherwise.
ALTER TABLE audit_log ADD COLUMN subject     TEXT NOT NULL DEFAULT '';
ALTER TABLE audit_log ADD COLUMN user_name   TEXT NOT NULL DEFAULT '';
ALTER TABLE audit_log ADD COLUMN device_code TEXT NOT NULL DEFAULT '';

-- The lists read a shop's rows newest first (time, then the higher id).
DROP INDEX audit_log_shop_id_at_idx;
CREATE INDEX audit_log_shop_id_at_id_idx ON audit_log (shop_id, at, id);
-- The super admin's list across shops.
CREATE INDEX audit_log_at_id_idx ON audit_log (at, id);

-- Rows are only ever added: the database refuses to change or remove one, whoever asks
-- (TRUNCATE included). No flow deletes a shop, so a shop's rows stay as long as the database does.
CREATE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'audit_log is append-only';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
