-- A till's shifts (docs/api-shifts.md): a till, named by its device code (the 4 hex digits that
-- start its provisional numbers, '' for the shop's web till and SPEC's payment routes), works in
-- shifts, each opened with a float and closed with the cash counted. The server numbers them
-- from the shop's own sequence (id_counters kind 'shift_number', shown SH-000042). Kept
-- equivalent to migrations/postgres/0022_shifts.sql; only the auto-increment id is spelled per
-- backend. Money in cents, times in unix milliseconds, as everywhere.
--
-- shifts.client_ref        the UUID the till named the shift by (a server-made one for a shift
--                          opened by itself); unique per shop.
-- shifts.auto_opened       1 for a shift the server opened because a sale came from a device
--                          with none open (float 0, opened by the sale's cashier).
-- shifts.counted_denominations
--                          the count the cashier made at close, as JSON text
--                          ('[{"value":"20.00","count":3}]'), NULL when a total was sent.
-- One open shift per device and shop: the partial unique index below (the service checks it
-- first, under the shop's lock, to answer with the open shift's number).
CREATE TABLE shifts (
    id                    INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id               BIGINT   NOT NULL REFERENCES shops (id),
    client_ref            TEXT     NOT NULL,
    device_code           TEXT     NOT NULL,
    shift_number          BIGINT   NOT NULL,
    provisional_number    TEXT     NOT NULL DEFAULT '',
    status                TEXT     NOT NULL DEFAULT 'open',
    opened_by             BIGINT,
    opened_by_name        TEXT     NOT NULL DEFAULT '',
    opened_at             BIGINT   NOT NULL,
    opening_float_cents   BIGINT   NOT NULL DEFAULT 0,
    auto_opened           SMALLINT NOT NULL DEFAULT 0,
    closed_by             BIGINT,
    closed_by_name        TEXT     NOT NULL DEFAULT '',
    closed_at             BIGINT,
    counted_cash_cents    BIGINT,
    counted_denominations TEXT,
    created_at            BIGINT   NOT NULL,
    CONSTRAINT shifts_client_ref_key UNIQUE (shop_id, client_ref),
    CONSTRAINT shifts_number_key UNIQUE (shop_id, shift_number),
    CONSTRAINT shifts_status_check CHECK (status IN ('open', 'closed')),
    CONSTRAINT shifts_closed_check CHECK ((status = 'closed') = (closed_at IS NOT NULL)),
    CONSTRAINT shifts_amounts_check CHECK (
        opening_float_cents >= 0 AND (counted_cash_cents IS NULL OR counted_cash_cents >= 0)
    )
);
CREATE UNIQUE INDEX shifts_open_device_key ON shifts (shop_id, device_code)
    WHERE status = 'open';
CREATE INDEX shifts_opened_idx ON shifts (shop_id, opened_at, id);

-- Cash put in or taken out of a shift's drawer other than by a sale (change brought in, a
-- supplier paid in cash), named by the till's UUID, unique per shop.
CREATE TABLE cash_movements (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id       BIGINT  NOT NULL REFERENCES shops (id),
    shift_id      BIGINT  NOT NULL REFERENCES shifts (id),
    client_ref    TEXT    NOT NULL,
    kind          TEXT    NOT NULL,
    amount_cents  BIGINT  NOT NULL,
    reason        TEXT    NOT NULL,
    user_id       BIGINT,
    user_name     TEXT    NOT NULL DEFAULT '',
    moved_at      BIGINT  NOT NULL,
    created_at    BIGINT  NOT NULL,
    CONSTRAINT cash_movements_client_ref_key UNIQUE (shop_id, client_ref),
    CONSTRAINT cash_movements_kind_check CHECK (kind IN ('pay_in', 'pay_out')),
    CONSTRAINT cash_movements_amount_check CHECK (amount_cents > 0)
);
CREATE INDEX cash_movements_shift_idx ON cash_movements (shop_id, shift_id, id);

-- The shift that took a sale's payment, and the shift a refund's money left from; NULL for
-- what was paid or refunded before shifts existed (and carts never paid).
ALTER TABLE invoices ADD COLUMN shift_id BIGINT REFERENCES shifts (id);
ALTER TABLE refunds ADD COLUMN shift_id BIGINT REFERENCES shifts (id);
CREATE INDEX invoices_shift_idx ON invoices (shop_id, shift_id) WHERE shift_id IS NOT NULL;
CREATE INDEX refunds_shift_idx ON refunds (shop_id, shift_id) WHERE shift_id IS NOT NULL;

-- 1: a payment or refund with no open shift on its device is refused instead of opening one.
ALTER TABLE shops ADD COLUMN require_open_shift SMALLINT NOT NULL DEFAULT 0;
