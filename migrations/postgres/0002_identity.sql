-- Identity: users, permissions, sessions, password reset tokens, the audit log, id counters.
-- Kept equivalent to migrations/sqlite/0002_identity.sql (same columns, types and constraints);
-- only the auto-increment id is spelled per backend. Times are unix milliseconds (BIGINT).

-- Users: the super admin (no shop), and each shop's admins and staff.
--   role          'super-admin' | 'admin' | 'staff'.
--   shop_id       NULL exactly for a super admin. No ON DELETE CASCADE: a shop with people in it
--                 cannot be deleted by accident.
--   staff_id      'S000042' (pos_core::ids), NULL exactly for a super admin. Admins get one too
--                 (the employees table shows an ID for every row). Unique across ALL shops: staff
--                 sign in by staffId, and one global counter (id_counters, kind 'staff_id',
--                 shop_id 0) allocates it inside the transaction that inserts the user.
--   email         stored normalised (trimmed, lower-case) by the server.
-- Uniqueness, as partial indexes (both backends support them):
--   an admin's phone number within its shop (admin sign-in is by phone on the shop's till);
--   a super admin's phone number (super admin sign-in is by phone, with no shop);
--   the email of admins and of super admins, per role (password reset links are requested by
--   email and role, with no shop to narrow it). Staff emails and phones may repeat: staff sign
--   in by staffId and reset nothing by email.
CREATE TABLE users (
    id            BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    shop_id       BIGINT  REFERENCES shops (id),
    role          TEXT    NOT NULL,
    staff_id      TEXT,
    user_name     TEXT    NOT NULL,
    email         TEXT    NOT NULL,
    phone_number  TEXT    NOT NULL,
    password_hash TEXT    NOT NULL,
    created_at    BIGINT  NOT NULL,
    updated_at    BIGINT  NOT NULL,
    CONSTRAINT users_role_check CHECK (role IN ('super-admin', 'admin', 'staff')),
    CONSTRAINT users_shop_check CHECK ((role = 'super-admin') = (shop_id IS NULL)),
    CONSTRAINT users_staff_id_check CHECK (
        (role = 'super-admin') = (staff_id IS NULL) AND (staff_id IS NULL OR length(staff_id) = 7)
    ),
    CONSTRAINT users_staff_id_key UNIQUE (staff_id)
);
CREATE UNIQUE INDEX users_admin_phone_key ON users (shop_id, phone_number) WHERE role = 'admin';
CREATE UNIQUE INDEX users_super_admin_phone_key ON users (phone_number) WHERE role = 'super-admin';
CREATE UNIQUE INDEX users_email_key ON users (role, email) WHERE role <> 'staff';
CREATE INDEX users_shop_role_idx ON users (shop_id, role);

-- Granted permissions (SPEC part 3's twelve names), one row per grant. Read on every request,
-- so a revoke applies at once. Deleting a user deletes its grants.
CREATE TABLE user_permissions (
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    permission TEXT   NOT NULL,
    CONSTRAINT user_permissions_pkey PRIMARY KEY (user_id, permission),
    CONSTRAINT user_permissions_permission_check CHECK (permission IN (
        'product_create', 'product_read', 'product_update', 'product_delete',
        'category_create', 'category_read', 'category_update', 'category_delete',
        'customer_create', 'customer_read', 'customer_update', 'customer_delete'
    ))
);

-- Server-side sessions. The cookie holds a 256-bit random id; only its SHA-256 (hex) is stored,
-- so a copy of this table signs nobody in.
--   kind 'shop'        a till bound to shop_id (cookie pos_shop);
--   kind 'user'        an admin or staff member (user_id) of shop_id signed in on that till; the
--                      till's shop session is its parent: ending the shop session (logout, new
--                      shop sign-in, expiry) deletes it by cascade;
--   kind 'super-admin' the super admin (user_id), no shop.
-- Deleting a user or a shop ends their sessions.
CREATE TABLE sessions (
    id_hash        TEXT   PRIMARY KEY,
    kind           TEXT   NOT NULL,
    shop_id        BIGINT REFERENCES shops (id) ON DELETE CASCADE,
    user_id        BIGINT REFERENCES users (id) ON DELETE CASCADE,
    parent_id_hash TEXT   REFERENCES sessions (id_hash) ON DELETE CASCADE,
    created_at     BIGINT NOT NULL,
    last_seen_at   BIGINT NOT NULL,
    CONSTRAINT sessions_kind_check CHECK (
        (kind = 'shop' AND shop_id IS NOT NULL AND user_id IS NULL AND parent_id_hash IS NULL)
        OR (kind = 'user' AND shop_id IS NOT NULL AND user_id IS NOT NULL
            AND parent_id_hash IS NOT NULL)
        OR (kind = 'super-admin' AND shop_id IS NULL AND user_id IS NOT NULL
            AND parent_id_hash IS NULL)
    )
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_shop_id_idx ON sessions (shop_id);
CREATE INDEX sessions_parent_id_hash_idx ON sessions (parent_id_hash);
CREATE INDEX sessions_last_seen_at_idx ON sessions (last_seen_at);

-- Password reset tokens (used by the password reset routes): like session ids, only the SHA-256
-- of the token is stored. A token resets either a user's or a shop's password, never both.
CREATE TABLE password_reset_tokens (
    token_hash TEXT   PRIMARY KEY,
    user_id    BIGINT REFERENCES users (id) ON DELETE CASCADE,
    shop_id    BIGINT REFERENCES shops (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT,
    CONSTRAINT password_reset_tokens_owner_check CHECK ((user_id IS NULL) <> (shop_id IS NULL))
);
CREATE INDEX password_reset_tokens_user_id_idx ON password_reset_tokens (user_id);
CREATE INDEX password_reset_tokens_shop_id_idx ON password_reset_tokens (shop_id);

-- Who did what, when. No foreign keys on purpose: the history must outlive deleted users.
-- event: 'sign-in', 'sign-in-failed', 'sign-out', 'permission-granted', 'permission-revoked',
-- 'password-changed', ... (the list grows with the features; the server owns the vocabulary).
-- detail is plain words for an operator and never holds a password, hash or token.
CREATE TABLE audit_log (
    id      BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at      BIGINT NOT NULL,
    shop_id BIGINT,
    user_id BIGINT,
    event   TEXT   NOT NULL,
    detail  TEXT   NOT NULL DEFAULT '',
    ip      TEXT
);
CREATE INDEX audit_log_shop_id_at_idx ON audit_log (shop_id, at);

-- Counters behind human-readable numbers (staff ids now; invoice numbers and product ids later).
-- One row per (kind, shop); shop_id 0 is a global counter (no shop has id 0). Incremented with
-- an upsert inside the transaction that uses the value, so numbers are unique and gap-free.
CREATE TABLE id_counters (
    kind       TEXT   NOT NULL,
    shop_id    BIGINT NOT NULL,
    last_value BIGINT NOT NULL,
    CONSTRAINT id_counters_pkey PRIMARY KEY (kind, shop_id)
);
