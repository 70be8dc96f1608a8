-- Shops: the tenant every shop-owned table references through `shop_id`.
-- Kept equivalent to migrations/sqlite/0001_shops.sql (same columns, types and constraints);
-- only the auto-increment id is spelled per backend.
-- Times are unix milliseconds in BIGINT: DATE/BOOLEAN columns break rows under sqlx::Any.
-- `email` is stored normalised (trimmed, lower-case) by the server, so the plain UNIQUE
-- constraint is case-insensitive in effect and behaves the same on both backends.
CREATE TABLE shops (
    id            BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    shop_name     TEXT    NOT NULL,
    email         TEXT    NOT NULL,
    phone_number  TEXT    NOT NULL,
    country_name  TEXT    NOT NULL,
    currency_code TEXT    NOT NULL,
    -- IANA zone name (e.g. 'Indian/Maldives'): the shop's business day for dashboards.
    time_zone     TEXT    NOT NULL DEFAULT 'UTC',
    password_hash TEXT    NOT NULL,
    created_at    BIGINT  NOT NULL,
    updated_at    BIGINT  NOT NULL,
    CONSTRAINT shops_email_key UNIQUE (email)
);
