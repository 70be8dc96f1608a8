-- The till sells from local data through its outbox (issue 7, docs/api-till-sync.md). Kept
-- equivalent to migrations/sqlite/0008_till_sync.sql; the UUID expression and the way a
-- missing ref is filled in are written in each backend's dialect.
--
-- invoices.client_ref   the invoice's UUID (lower-case 8-4-4-4-12 hex). A till names every
--                       invoice it creates by a ref of its own and sends it with each command;
--                       an invoice created by any other route gets a server-generated one.
--                       Never NULL, unique per shop.
-- invoices.provisional_number
--                       the device number the till showed until the server numbered the
--                       invoice (`7F3A-0012`); '' when none.
-- customers.client_ref  the UUID of a customer a till created (offline); NULL for the others.
-- sale_flags            what an admin should look at after a synced till sale: the server
--                       never refuses one (the goods and the money have already changed hands)
--                       but records each oddity with its figures (`detail`, a JSON object).

-- The volatile default gives every existing row a ref of its own, and any later insert that
-- names none (the server always names one; this keeps the rule for every other writer).
ALTER TABLE invoices ADD COLUMN client_ref TEXT NOT NULL DEFAULT gen_random_uuid()::text;
ALTER TABLE invoices ADD COLUMN provisional_number TEXT NOT NULL DEFAULT '';
ALTER TABLE invoices ADD CONSTRAINT invoices_client_ref_key UNIQUE (shop_id, client_ref);

ALTER TABLE customers ADD COLUMN client_ref TEXT;
CREATE UNIQUE INDEX customers_client_ref_key ON customers (shop_id, client_ref)
    WHERE client_ref IS NOT NULL;

-- kind: 'price_difference', 'negative_stock', 'deleted_product', 'loyalty_shortfall',
-- 'total_mismatch' (docs/api-till-sync.md lists each one's detail).
CREATE TABLE sale_flags (
    id          BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    shop_id     BIGINT  NOT NULL REFERENCES shops (id),
    invoice_id  BIGINT  NOT NULL REFERENCES invoices (id),
    kind        TEXT    NOT NULL,
    detail      TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL,
    CONSTRAINT sale_flags_kind_check CHECK (
        kind IN ('price_difference', 'negative_stock', 'deleted_product',
                 'loyalty_shortfall', 'total_mismatch')
    )
);
CREATE INDEX sale_flags_shop_idx ON sale_flags (shop_id, id);
