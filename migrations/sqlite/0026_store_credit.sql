-- no-transaction
-- Store credit (docs/api-store-credit.md): a customer's credit with the shop, as a ledger like
-- loyalty's. The customer's row carries the sum (`store_credit_cents`), kept by the ledger's
-- insert trigger in the same statement as the row, and never below 0. Store credit is also a
-- payment method, so the two tables whose CHECK lists the methods are rebuilt with the wider
-- list (SQLite cannot alter a CHECK): foreign keys are off for the rebuild, hence no
-- surrounding transaction from the migrator; the rebuild runs in its own.
-- Kept equivalent to migrations/postgres/0026_store_credit.sql.

PRAGMA foreign_keys = OFF;

BEGIN;

ALTER TABLE customers ADD COLUMN store_credit_cents BIGINT NOT NULL DEFAULT 0
    CONSTRAINT customers_store_credit_check CHECK (store_credit_cents >= 0);

-- One row per move of a customer's credit: `top-up` (money taken for credit), `refund` (a
-- refund sent to credit), `payment` (credit spent on a sale, negative). Money in cents, times
-- in unix milliseconds. `client_ref` makes a till's or a client's retried top-up land once.
CREATE TABLE store_credit_entries (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id       BIGINT  NOT NULL REFERENCES shops (id),
    customer_id   BIGINT  NOT NULL REFERENCES customers (id),
    kind          TEXT    NOT NULL,
    amount_cents  BIGINT  NOT NULL,
    invoice_id    BIGINT  REFERENCES invoices (id),
    refund_id     BIGINT  REFERENCES refunds (id),
    method        TEXT,
    note          TEXT    NOT NULL DEFAULT '',
    user_id       BIGINT,
    client_ref    TEXT,
    created_at    BIGINT  NOT NULL,
    CONSTRAINT store_credit_entries_kind_check CHECK (kind IN ('top-up', 'refund', 'payment')),
    CONSTRAINT store_credit_entries_amount_check CHECK (
        (kind = 'payment' AND amount_cents < 0) OR (kind <> 'payment' AND amount_cents > 0)
    ),
    CONSTRAINT store_credit_entries_method_check CHECK (
        method IS NULL OR method IN ('cash', 'internal-device')
    )
);
CREATE INDEX store_credit_entries_customer_idx
    ON store_credit_entries (shop_id, customer_id, id);
CREATE UNIQUE INDEX store_credit_entries_client_ref_key
    ON store_credit_entries (shop_id, client_ref);

-- The customer's row carries the sum and moves its sync version, so the tills learn the
-- balance with their next pull of customers.
CREATE TRIGGER store_credit_entries_balance AFTER INSERT ON store_credit_entries
BEGIN
    INSERT INTO id_counters (kind, shop_id, last_value) VALUES ('sync_version', NEW.shop_id, 1)
        ON CONFLICT (kind, shop_id) DO UPDATE SET last_value = id_counters.last_value + 1;
    UPDATE customers SET sync_version = (
        SELECT last_value FROM id_counters WHERE kind = 'sync_version' AND shop_id = NEW.shop_id
    ), store_credit_cents = store_credit_cents + NEW.amount_cents
    WHERE id = NEW.customer_id AND shop_id = NEW.shop_id;
END;

CREATE TRIGGER store_credit_entries_no_update BEFORE UPDATE ON store_credit_entries
BEGIN
    SELECT RAISE(ABORT, 'store_credit_entries is append-only: UPDATE refused');
END;

CREATE TRIGGER store_credit_entries_no_delete BEFORE DELETE ON store_credit_entries
BEGIN
    SELECT RAISE(ABORT, 'store_credit_entries is append-only: DELETE refused');
END;

-- dashboard_days, with store credit among its methods.
CREATE TABLE dashboard_days_new (
    shop_id        BIGINT NOT NULL REFERENCES shops (id),
    day_number     BIGINT NOT NULL,
    payment_method TEXT   NOT NULL,
    kept_cents     BIGINT NOT NULL,
    PRIMARY KEY (shop_id, day_number, payment_method),
    CONSTRAINT dashboard_days_method_check CHECK (
        payment_method IN ('cash', 'internal-device', 'digital', 'store-credit', 'gift-card')
    )
);
INSERT INTO dashboard_days_new SELECT shop_id, day_number, payment_method, kept_cents
FROM dashboard_days;
DROP TABLE dashboard_days;
ALTER TABLE dashboard_days_new RENAME TO dashboard_days;

-- invoices, with store credit among the methods that may have paid the most of a sale.
CREATE TABLE invoices_new (
    id                    INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id               BIGINT  NOT NULL REFERENCES shops (id),
    invoice_number        BIGINT  NOT NULL,
    status                TEXT    NOT NULL,
    customer_id           BIGINT  REFERENCES customers (id),
    staff_user_id         BIGINT,
    staff_name            TEXT    NOT NULL DEFAULT '',
    custom_customer_name  TEXT    NOT NULL DEFAULT '',
    custom_phone_number   TEXT    NOT NULL DEFAULT '',
    custom_email          TEXT    NOT NULL DEFAULT '',
    custom_address        TEXT    NOT NULL DEFAULT '',
    payment_method        TEXT,
    sub_total_cents       BIGINT  NOT NULL DEFAULT 0,
    total_discount_cents  BIGINT  NOT NULL DEFAULT 0,
    total_tax_cents       BIGINT  NOT NULL DEFAULT 0,
    redeem_cents          BIGINT  NOT NULL DEFAULT 0,
    total_amount_cents    BIGINT  NOT NULL DEFAULT 0,
    refunded_cents        BIGINT  NOT NULL DEFAULT 0,
    points_earned_cents   BIGINT  NOT NULL DEFAULT 0,
    card_session_id       TEXT,
    created_at            BIGINT  NOT NULL,
    updated_at            BIGINT  NOT NULL,
    paid_at               BIGINT,
    card_status           TEXT,
    card_payment_intent   TEXT,
    client_ref            TEXT,
    provisional_number    TEXT    NOT NULL DEFAULT '',
    staff_role            TEXT    NOT NULL DEFAULT '',
    refunded_at           BIGINT,
    receipt_number        BIGINT,
    shift_id              BIGINT  REFERENCES shifts (id),
    cash_received_cents   BIGINT,
    change_cents          BIGINT  NOT NULL DEFAULT 0,
    rounding_cents        BIGINT  NOT NULL DEFAULT 0,
    CONSTRAINT invoices_number_key UNIQUE (shop_id, invoice_number),
    CONSTRAINT invoices_status_check CHECK (
        status IN ('active', 'saved', 'paid', 'refunded', 'custom')
    ),
    CONSTRAINT invoices_customer_check CHECK ((status = 'custom') = (customer_id IS NULL)),
    CONSTRAINT invoices_payment_method_check CHECK (
        payment_method IS NULL
        OR payment_method IN ('cash', 'internal-device', 'digital', 'store-credit', 'gift-card')
    ),
    CONSTRAINT invoices_amounts_check CHECK (
        sub_total_cents >= 0 AND total_discount_cents >= 0 AND total_tax_cents >= 0
        AND redeem_cents >= 0 AND total_amount_cents >= 0
        AND refunded_cents BETWEEN 0 AND total_amount_cents
    )
);
INSERT INTO invoices_new (
    id, shop_id, invoice_number, status, customer_id, staff_user_id, staff_name,
    custom_customer_name, custom_phone_number, custom_email, custom_address, payment_method,
    sub_total_cents, total_discount_cents, total_tax_cents, redeem_cents, total_amount_cents,
    refunded_cents, points_earned_cents, card_session_id, created_at, updated_at, paid_at,
    card_status, card_payment_intent, client_ref, provisional_number, staff_role, refunded_at,
    receipt_number, shift_id, cash_received_cents, change_cents, rounding_cents
)
SELECT
    id, shop_id, invoice_number, status, customer_id, staff_user_id, staff_name,
    custom_customer_name, custom_phone_number, custom_email, custom_address, payment_method,
    sub_total_cents, total_discount_cents, total_tax_cents, redeem_cents, total_amount_cents,
    refunded_cents, points_earned_cents, card_session_id, created_at, updated_at, paid_at,
    card_status, card_payment_intent, client_ref, provisional_number, staff_role, refunded_at,
    receipt_number, shift_id, cash_received_cents, change_cents, rounding_cents
FROM invoices;
-- AUTOINCREMENT never hands out an id again, even a deleted invoice's: the new table goes on
-- from where the old one's counter stood.
INSERT INTO sqlite_sequence (name, seq) SELECT 'invoices_new', 0
WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'invoices_new');
UPDATE sqlite_sequence
SET seq = (SELECT MAX(seq) FROM sqlite_sequence WHERE name IN ('invoices', 'invoices_new'))
WHERE name = 'invoices_new';
DROP TABLE invoices;
ALTER TABLE invoices_new RENAME TO invoices;

CREATE INDEX invoices_customer_idx ON invoices (shop_id, customer_id, created_at);
CREATE INDEX invoices_status_idx ON invoices (shop_id, status, created_at);
CREATE INDEX invoices_card_session_idx ON invoices (card_session_id);
CREATE UNIQUE INDEX invoices_client_ref_key ON invoices (shop_id, client_ref);
CREATE INDEX invoices_paid_list_idx ON invoices (shop_id, paid_at, id)
    WHERE status = 'paid';
CREATE INDEX invoices_refunded_list_idx ON invoices (shop_id, refunded_at, id)
    WHERE refunded_at IS NOT NULL;
CREATE INDEX invoices_custom_list_idx ON invoices (shop_id, created_at, id)
    WHERE status = 'custom';
CREATE UNIQUE INDEX invoices_receipt_number_key ON invoices (shop_id, receipt_number);
CREATE INDEX invoices_shift_idx ON invoices (shop_id, shift_id) WHERE shift_id IS NOT NULL;

CREATE TRIGGER invoices_client_ref_fill AFTER INSERT ON invoices
WHEN NEW.client_ref IS NULL
BEGIN
    UPDATE invoices SET client_ref =
        lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4'
        || substr(lower(hex(randomblob(2))), 2) || '-'
        || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2)
        || '-' || lower(hex(randomblob(6)))
    WHERE id = NEW.id;
END;
CREATE TRIGGER invoices_client_ref_not_null BEFORE UPDATE OF client_ref ON invoices
WHEN NEW.client_ref IS NULL
BEGIN
    SELECT RAISE(ABORT, 'NOT NULL constraint failed: invoices.client_ref');
END;

-- sale_flags, with the flag of a till's sale that spent more store credit than the customer
-- had left when it reached the server (another till spent it first).
CREATE TABLE sale_flags_new (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id     BIGINT  NOT NULL REFERENCES shops (id),
    invoice_id  BIGINT  NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL,
    detail      TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL,
    CONSTRAINT sale_flags_kind_check CHECK (
        kind IN ('price_difference', 'negative_stock', 'deleted_product',
                 'loyalty_shortfall', 'total_mismatch', 'time_out_of_window',
                 'store_credit_shortfall')
    )
);
INSERT INTO sale_flags_new (id, shop_id, invoice_id, kind, detail, created_at)
SELECT id, shop_id, invoice_id, kind, detail, created_at FROM sale_flags;
INSERT INTO sqlite_sequence (name, seq) SELECT 'sale_flags_new', 0
WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'sale_flags_new');
UPDATE sqlite_sequence
SET seq = (SELECT MAX(seq) FROM sqlite_sequence WHERE name IN ('sale_flags', 'sale_flags_new'))
WHERE name = 'sale_flags_new';
DROP TABLE sale_flags;
ALTER TABLE sale_flags_new RENAME TO sale_flags;
CREATE INDEX sale_flags_shop_idx ON sale_flags (shop_id, id);

COMMIT;

PRAGMA foreign_keys = ON;
