-- Every signed-in request reads its session with the user and shop it names
-- (server/src/db/sessions.rs, find_user_session). Joining `users` and `shops` into that read was
-- most of what it cost PostgreSQL beyond its primary-key lookup (docs/benchmarks.md, "The
-- session row carries its user"), so an admin's or staff member's session now carries the
-- fields that read needs, kept by triggers in the same statement as every change to them:
--   * a new session copies them from its user and the user's shop;
--   * a change to a user's role, staff id, name, email, phone, grants (permission_bits, itself
--     kept by 0012's triggers) or shop is copied to every session of the user;
--   * a change to a shop's name or currency is copied to its users' sessions.
-- The fields are NULL when the user is not a member of the session's shop, as the LEFT JOIN
-- they replace was. Deleting a user or shop still deletes its sessions (0002). Nothing is kept
-- in a process, so a revoked grant still applies to the next request on every process
-- (server/tests/api/session_user_fields.rs writes with plain SQL and checks the copies).
-- Kept equivalent to migrations/sqlite/0014_session_user_fields.sql.

ALTER TABLE sessions
    ADD COLUMN user_role            TEXT,
    ADD COLUMN user_staff_id        TEXT,
    ADD COLUMN user_name            TEXT,
    ADD COLUMN user_email           TEXT,
    ADD COLUMN user_phone_number    TEXT,
    ADD COLUMN user_permission_bits BIGINT,
    ADD COLUMN shop_name            TEXT,
    ADD COLUMN shop_currency_code   TEXT;

-- The sessions signed in before this migration.
UPDATE sessions s SET (user_role, user_staff_id, user_name, user_email, user_phone_number,
                       user_permission_bits) = (
    SELECT u.role, u.staff_id, u.user_name, u.email, u.phone_number, u.permission_bits
    FROM users u WHERE u.id = s.user_id AND u.shop_id = s.shop_id
)
WHERE s.kind = 'user';
UPDATE sessions s SET shop_name = sh.shop_name, shop_currency_code = sh.currency_code
FROM shops sh WHERE sh.id = s.shop_id AND s.kind = 'user';

-- The advisory lock's key for a shop's session fields (one 64-bit key space per database; the
-- prefix keeps it apart from other users of advisory locks, sqlx's migration lock included).
CREATE FUNCTION shop_session_fields_lock(shop_id BIGINT) RETURNS BIGINT
LANGUAGE sql IMMUTABLE AS $$
    SELECT hashtextextended('pos.shop_session_fields.' || shop_id::text, 0)
$$;

CREATE FUNCTION sessions_fill_user_fields() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.kind = 'user' THEN
        -- Locks order this insert against a concurrent change to its user or shop: the change
        -- either commits first and is read here, or waits for this insert to commit and its
        -- trigger below then finds this session. The user's row is locked FOR SHARE: only
        -- edits and grants lock it more. The shop's row is not: every payment locks it (the
        -- dashboard roll-ups), so a sign-in takes the shop's session-fields lock instead, shared
        -- here and taken alone by a change to the shop's name or currency. Each statement
        -- after a wait reads what committed before it (READ COMMITTED).
        -- No row found leaves every target NULL (SELECT INTO without STRICT).
        SELECT u.role, u.staff_id, u.user_name, u.email, u.phone_number, u.permission_bits
        INTO NEW.user_role, NEW.user_staff_id, NEW.user_name, NEW.user_email,
             NEW.user_phone_number, NEW.user_permission_bits
        FROM users u WHERE u.id = NEW.user_id AND u.shop_id = NEW.shop_id
        FOR SHARE;
        PERFORM pg_advisory_xact_lock_shared(shop_session_fields_lock(NEW.shop_id));
        SELECT sh.shop_name, sh.currency_code INTO NEW.shop_name, NEW.shop_currency_code
        FROM shops sh WHERE sh.id = NEW.shop_id;
    ELSE
        NEW.user_role := NULL; NEW.user_staff_id := NULL; NEW.user_name := NULL;
        NEW.user_email := NULL; NEW.user_phone_number := NULL;
        NEW.user_permission_bits := NULL; NEW.shop_name := NULL;
        NEW.shop_currency_code := NULL;
    END IF;
    RETURN NEW;
END;
$$;

CREATE TRIGGER sessions_user_fields BEFORE INSERT ON sessions
FOR EACH ROW EXECUTE FUNCTION sessions_fill_user_fields();

-- Each trigger below writes only its own table's fields, from NEW (the row it holds locked),
-- so a user change and a shop change at once cannot copy each other's older values.
CREATE FUNCTION users_copy_to_sessions() RETURNS trigger
LANGUAGE plpgsql AS $$
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
    RETURN NULL;
END;
$$;

CREATE TRIGGER users_session_fields
AFTER UPDATE OF role, staff_id, user_name, email, phone_number, permission_bits, shop_id
ON users FOR EACH ROW
WHEN ((OLD.role, OLD.staff_id, OLD.user_name, OLD.email, OLD.phone_number, OLD.permission_bits,
       OLD.shop_id)
      IS DISTINCT FROM
      (NEW.role, NEW.staff_id, NEW.user_name, NEW.email, NEW.phone_number, NEW.permission_bits,
       NEW.shop_id))
EXECUTE FUNCTION users_copy_to_sessions();

CREATE FUNCTION shops_copy_to_sessions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    -- Waits for the sign-ins in flight (the shared lock above) and holds off new ones until
    -- this commits, so the UPDATE below (a new snapshot) sees every session of the shop.
    PERFORM pg_advisory_xact_lock(shop_session_fields_lock(NEW.id));
    UPDATE sessions SET shop_name = NEW.shop_name, shop_currency_code = NEW.currency_code
    WHERE shop_id = NEW.id AND kind = 'user';
    RETURN NULL;
END;
$$;

CREATE TRIGGER shops_session_fields AFTER UPDATE OF shop_name, currency_code ON shops
FOR EACH ROW
WHEN ((OLD.shop_name, OLD.currency_code) IS DISTINCT FROM (NEW.shop_name, NEW.currency_code))
EXECUTE FUNCTION shops_copy_to_sessions();
