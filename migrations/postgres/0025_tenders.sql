-- Paying a sale in parts (docs/api-payments.md, "Tenders"): what each payment method paid of a
-- sale, what went back to each through refunds, the cash handed over, the change and the shop's
-- cash rounding. Kept equivalent to migrations/sqlite/0025_tenders.sql; only the
-- auto-increment id is spelled per backend. Money in cents, times in unix milliseconds.

-- What each method paid of a paid sale, one row per method in the order each was first taken
-- (pos_core::tender::tender_plan's parts, summed per method): the rows add up to the invoice's
-- total_amount_cents. `refunded_cents` is what refunds gave back through that method so far
-- (pos_core::tender::refund_tenders keeps it within the amount). A sale of 0 has no rows.
-- `invoices.payment_method` stays the method that paid the most (the only one when one paid it).
CREATE TABLE invoice_tenders (
    id              BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    shop_id         BIGINT  NOT NULL REFERENCES shops (id),
    invoice_id      BIGINT  NOT NULL REFERENCES invoices (id),
    position        BIGINT  NOT NULL,
    method          TEXT    NOT NULL,
    amount_cents    BIGINT  NOT NULL,
    refunded_cents  BIGINT  NOT NULL DEFAULT 0,
    created_at      BIGINT  NOT NULL,
    CONSTRAINT invoice_tenders_method_check CHECK (
        method IN ('cash', 'internal-device', 'digital', 'store-credit', 'gift-card')
    ),
    CONSTRAINT invoice_tenders_amount_check CHECK (amount_cents > 0),
    CONSTRAINT invoice_tenders_refunded_check CHECK (
        refunded_cents >= 0 AND refunded_cents <= amount_cents
    )
);
CREATE UNIQUE INDEX invoice_tenders_method_idx ON invoice_tenders (invoice_id, method);
CREATE INDEX invoice_tenders_shop_idx ON invoice_tenders (shop_id, invoice_id);

-- How each refund went back, by method (one row per method it used).
CREATE TABLE refund_tenders (
    refund_id     BIGINT  NOT NULL REFERENCES refunds (id),
    shop_id       BIGINT  NOT NULL REFERENCES shops (id),
    invoice_id    BIGINT  NOT NULL REFERENCES invoices (id),
    method        TEXT    NOT NULL,
    amount_cents  BIGINT  NOT NULL,
    PRIMARY KEY (refund_id, method),
    CONSTRAINT refund_tenders_amount_check CHECK (amount_cents > 0)
);
CREATE INDEX refund_tenders_invoice_idx ON refund_tenders (shop_id, invoice_id);

-- The cash side of a paid sale: what was handed over (NULL when no cash was), the change given
-- back, and what the shop's cash rounding added to the cash (negative when it took off); the
-- drawer keeps cash_received - change = the cash tender plus rounding.
ALTER TABLE invoices ADD COLUMN cash_received_cents BIGINT;
ALTER TABLE invoices ADD COLUMN change_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE invoices ADD COLUMN rounding_cents BIGINT NOT NULL DEFAULT 0;

-- The step a shop rounds cash payments to, in cents: 0 (none), 5, 10, 25, 50 or 100.
ALTER TABLE shops ADD COLUMN cash_rounding_cents BIGINT NOT NULL DEFAULT 0
    CONSTRAINT shops_cash_rounding_check CHECK (cash_rounding_cents IN (0, 5, 10, 25, 50, 100));

-- Every sale paid before was paid whole by its one method.
INSERT INTO invoice_tenders
    (shop_id, invoice_id, position, method, amount_cents, refunded_cents, created_at)
SELECT shop_id, id, 0, payment_method, total_amount_cents,
       CASE WHEN refunded_cents > total_amount_cents THEN total_amount_cents
            ELSE refunded_cents END,
       COALESCE(paid_at, created_at)
FROM invoices
WHERE status IN ('paid', 'refunded') AND payment_method IS NOT NULL AND total_amount_cents > 0;

INSERT INTO refund_tenders (refund_id, shop_id, invoice_id, method, amount_cents)
SELECT r.id, r.shop_id, r.invoice_id, i.payment_method, r.amount_cents
FROM refunds r JOIN invoices i ON i.id = r.invoice_id
WHERE i.payment_method IS NOT NULL;
