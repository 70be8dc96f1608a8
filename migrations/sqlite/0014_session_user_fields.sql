-- An admin's or staff member's session carries the fields of its user and shop that every
-- signed-in request reads (server/src/db/sessions.rs, find_user_session), kept by triggers in
-- the same statement as every change to them, so that read joins neither `users` nor `shops`.
-- The reasons, and the rules, are in migrations/postgres/0014_session_user_fields.sql; this
-- file is kept equivalent to it. SQLite has one writer at a time, so no locks are needed to
-- order a sign-in against a concurrent change.

ALTER TABLE sessions ADD COLUMN user_role TEXT;
ALTER TABLE sessions ADD COLUMN user_staff_id TEXT;
ALTER TABLE sessions ADD COLUMN user_name TEXT;
ALTER TABLE sessions ADD COLUMN user_email TEXT;
ALTER TABLE sessions ADD COLUMN user_phone_number TEXT;
ALTER TABLE sessions ADD COLUMN user_permission_bits INTEGER;
ALTER TABLE sessions ADD COLUMN shop_name TEXT;
ALTER TABLE sessions ADD COLUMN shop_currency_code TEXT;

-- The sessions signed in before this migration.
UPDATE sessions SET (user_role, user_staff_id, user_name, user_email, user_phone_number,
                     user_permission_bits) = (
    SELECT u.role, u.staff_id, u.user_name, u.email, u.phone_number, u.permission_bits
    FROM users u WHERE u.id = sessions.user_id AND u.shop_id = sessions.shop_id
)
WHERE kind = 'user';
UPDATE sessions SET (shop_name, shop_currency_code) = (
    SELECT sh.shop_name, sh.currency_code FROM shops sh WHERE sh.id = sessions.shop_id
)
WHERE kind = 'user';

-- A BEFORE trigger cannot change the row in SQLite, so the new row is filled right after.
CREATE TRIGGER sessions_user_fields AFTER INSERT ON sessions WHEN NEW.kind = 'user'
BEGIN
    UPDATE sessions SET (user_role, user_staff_id, user_name, user_email, user_phone_number,
                         user_permission_bits, shop_name, shop_currency_code) = (
        SELECT u.role, u.staff_id, u.user_name, u.email, u.phone_number, u.permission_bits,
               sh.shop_name, sh.currency_code
        FROM shops sh LEFT JOIN users u ON u.id = NEW.user_id AND u.shop_id = sh.id
        WHERE sh.id = NEW.shop_id
    )
    WHERE id_hash = NEW.id_hash;
END;

CREATE TRIGGER users_session_fields
AFTER UPDATE OF role, staff_id, user_name, email, phone_number, permission_bits, shop_id ON users
WHEN (OLD.role, OLD.staff_id, OLD.user_name, OLD.email, OLD.phone_number, OLD.permission_bits,
      OLD.shop_id)
     IS NOT
     (NEW.role, NEW.staff_id, NEW.user_name, NEW.email, NEW.phone_number, NEW.permission_bits,
      NEW.shop_id)
BEGIN
    -- A session in a shop the user no longer belongs to names nobody, as the join did.
    UPDATE sessions SET
        user_role            = CASE WHEN shop_id = NEW.shop_id THEN NEW.role END,
        user_staff_id        = CASE WHEN shop_id = NEW.shop_id THEN NEW.staff_id END,
        user_name            = CASE WHEN shop_id = NEW.shop_id THEN NEW.user_name END,
        user_email           = CASE WHEN shop_id = NEW.shop_id THEN NEW.email END,
        user_phone_number    = CASE WHEN shop_id = NEW.shop_id THEN NEW.phone_number END,
        user_permission_bits = CASE WHEN shop_id = NEW.shop_id THEN NEW.permission_bits END
    WHERE user_id = NEW.id AND kind = 'user';
END;

CREATE TRIGGER shops_session_fields AFTER UPDATE OF shop_name, currency_code ON shops
WHEN (OLD.shop_name, OLD.currency_code) IS NOT (NEW.shop_name, NEW.currency_code)
BEGIN
    UPDATE sessions SET shop_name = NEW.shop_name, shop_currency_code = NEW.currency_code
    WHERE shop_id = NEW.id AND kind = 'user';
END;
