-- Store credit (docs/api-store-credit.md): a customer's credit with the shop, as a ledger like
-- loyalty's. The customer's row carries the sum (`store_credit_cents`), kept by the ledger's
-- insert trigger in the same statement as the row, and never below 0. Store credit is also a
-- payment method: the CHECKs that list the methods take it.
-- Kept equivalent to migrations/sqlite/0026_store_credit.sql.

ALTER TABLE customers ADD COLUMN store_credit_cents BIGINT NOT NULL DEFAULT 0
    CONSTRAINT customers_store_credit_check CHECK (store_credit_cents >= 0);

-- One row per move of a customer's credit: `top-up` (money taken for credit), `refund` (a
-- refund sent to credit), `payment` (credit spent on a sale, negative). Money in cents, times
-- in unix milliseconds. `client_ref` makes a till's or a client's retried top-up land once.
CREATE TABLE store_credit_entries (
    id            BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
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
CREATE FUNCTION store_credit_stamp_customer() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    UPDATE customers SET sync_version = sync_next_version(NEW.shop_id),
        store_credit_cents = store_credit_cents + NEW.amount_cents
        WHERE id = NEW.customer_id AND shop_id = NEW.shop_id;
    RETURN NULL;
END;
$$;

CREATE TRIGGER store_credit_entries_balance AFTER INSERT ON store_credit_entries
FOR EACH ROW EXECUTE FUNCTION store_credit_stamp_customer();

CREATE FUNCTION store_credit_entries_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'store_credit_entries is append-only: % refused', TG_OP;
END;
$$;

CREATE TRIGGER store_credit_entries_no_change BEFORE UPDATE OR DELETE ON store_credit_entries
FOR EACH ROW EXECUTE FUNCTION store_credit_entries_append_only();

CREATE TRIGGER store_credit_entries_no_truncate BEFORE TRUNCATE ON store_credit_entries
FOR EACH STATEMENT EXECUTE FUNCTION store_credit_entries_append_only();

ALTER TABLE dashboard_days DROP CONSTRAINT dashboard_days_method_check;
ALTER TABLE dashboard_days ADD CONSTRAINT dashboard_days_method_check CHECK (
    payment_method IN ('cash', 'internal-device', 'digital', 'store-credit', 'gift-card')
);

ALTER TABLE invoices DROP CONSTRAINT invoices_payment_method_check;
ALTER TABLE invoices ADD CONSTRAINT invoices_payment_method_check CHECK (
    payment_method IS NULL
    OR payment_method IN ('cash', 'internal-device', 'digital', 'store-credit', 'gift-card')
);

ALTER TABLE sale_flags DROP CONSTRAINT sale_flags_kind_check;
ALTER TABLE sale_flags ADD CONSTRAINT sale_flags_kind_check CHECK (
    kind IN ('price_difference', 'negative_stock', 'deleted_product',
             'loyalty_shortfall', 'total_mismatch', 'time_out_of_window',
             'store_credit_shortfall')
);
