-- Sales: invoices (carts, open orders, paid and refunded sales, custom invoices), their lines,
-- and the loyalty ledger. Kept equivalent to migrations/postgres/0004_sales.sql; only the
-- auto-increment id is spelled per backend. Units as in 0003_catalog.sql: *_cents money,
-- *_e4 percentages times 10^4, *_e3 quantities times 10^3; times in unix milliseconds.
-- Every amount here is what pos_core computed; the database only keeps it.

-- Invoices. `invoice_number` is the per-shop sequence behind 'INV-000042' (pos_core::ids),
-- allocated from id_counters (kind 'invoice_number') in the inserting transaction.
--   status          'active' (the cart being rung up), 'saved' (an open order), 'paid',
--                   'refunded', or 'custom' (a custom invoice, SPEC "Custom invoice").
--   customer_id     the customer of a sale; NULL for a custom invoice, whose customer details
--                   are typed in (custom_*). Customers are only ever marked deleted, so the
--                   reference stays valid.
--   staff_user_id   who rang it up, with the name at that time (no foreign key: the history
--                   outlives a deleted employee).
--   payment_method  'cash' | 'internal-device' | 'digital' once paid.
CREATE TABLE invoices (
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
    CONSTRAINT invoices_number_key UNIQUE (shop_id, invoice_number),
    CONSTRAINT invoices_status_check CHECK (
        status IN ('active', 'saved', 'paid', 'refunded', 'custom')
    ),
    CONSTRAINT invoices_customer_check CHECK ((status = 'custom') = (customer_id IS NULL)),
    CONSTRAINT invoices_payment_method_check CHECK (
        payment_method IS NULL OR payment_method IN ('cash', 'internal-device', 'digital')
    ),
    CONSTRAINT invoices_amounts_check CHECK (
        sub_total_cents >= 0 AND total_discount_cents >= 0 AND total_tax_cents >= 0
        AND redeem_cents >= 0 AND total_amount_cents >= 0
        AND refunded_cents BETWEEN 0 AND total_amount_cents
    )
);
CREATE INDEX invoices_customer_idx ON invoices (shop_id, customer_id, created_at);
CREATE INDEX invoices_status_idx ON invoices (shop_id, status, created_at);

-- Invoice lines, in the order they were added (`position`). A line keeps what it was sold as
-- (name, unit, price and the catalogue values it was priced with), so a later catalogue change
-- or deletion never changes a sale.
CREATE TABLE invoice_lines (
    id                        INTEGER PRIMARY KEY AUTOINCREMENT,
    invoice_id                BIGINT  NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
    shop_id                   BIGINT  NOT NULL REFERENCES shops (id),
    position                  BIGINT  NOT NULL,
    product_id                BIGINT  NOT NULL REFERENCES products (id),
    custom_product            SMALLINT NOT NULL DEFAULT 0,
    product_name              TEXT    NOT NULL,
    unit                      TEXT    NOT NULL,
    quantity_e3               BIGINT  NOT NULL,
    selling_price_cents       BIGINT  NOT NULL DEFAULT 0,
    cost_price_cents          BIGINT  NOT NULL DEFAULT 0,
    cost_price_profit_e4      BIGINT  NOT NULL DEFAULT 0,
    discount_e4               BIGINT  NOT NULL DEFAULT 0,
    discount_type             TEXT    NOT NULL DEFAULT 'percentage',
    category_id               BIGINT,
    category_discount_rate_e4 BIGINT  NOT NULL DEFAULT 0,
    product_tax_e4            BIGINT  NOT NULL DEFAULT 0,
    loyalty_rate_e4           BIGINT  NOT NULL DEFAULT 0,
    price_cents               BIGINT  NOT NULL DEFAULT 0,
    gross_cents               BIGINT  NOT NULL DEFAULT 0,
    discount_cents            BIGINT  NOT NULL DEFAULT 0,
    tax_cents                 BIGINT  NOT NULL DEFAULT 0,
    total_cents               BIGINT  NOT NULL DEFAULT 0,
    points_earned_cents       BIGINT  NOT NULL DEFAULT 0,
    refunded_quantity_e3      BIGINT  NOT NULL DEFAULT 0,
    CONSTRAINT invoice_lines_position_key UNIQUE (invoice_id, position),
    CONSTRAINT invoice_lines_product_key UNIQUE (invoice_id, product_id),
    CONSTRAINT invoice_lines_quantity_check CHECK (
        quantity_e3 > 0 AND refunded_quantity_e3 BETWEEN 0 AND quantity_e3
    )
);
CREATE INDEX invoice_lines_product_idx ON invoice_lines (product_id);

-- The loyalty ledger (pos_core::loyalty): one row per movement of a customer's points, in
-- hundredths of a point (one point redeems one unit of the shop's currency). A customer's
-- balance is the sum of its rows, so it is always explainable and never stored twice.
--   kind  'earn' and 'redeemRestore' add (points_cents > 0); 'redeem' and 'refundReversal'
--         take away (points_cents < 0).
CREATE TABLE loyalty_entries (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id      BIGINT  NOT NULL REFERENCES shops (id),
    customer_id  BIGINT  NOT NULL REFERENCES customers (id),
    invoice_id   BIGINT  REFERENCES invoices (id),
    kind         TEXT    NOT NULL,
    points_cents BIGINT  NOT NULL,
    created_at   BIGINT  NOT NULL,
    CONSTRAINT loyalty_entries_kind_check CHECK (
        (kind IN ('earn', 'redeemRestore') AND points_cents > 0)
        OR (kind IN ('redeem', 'refundReversal') AND points_cents < 0)
    )
);
CREATE INDEX loyalty_entries_customer_idx ON loyalty_entries (shop_id, customer_id);
CREATE INDEX loyalty_entries_invoice_idx ON loyalty_entries (invoice_id);
