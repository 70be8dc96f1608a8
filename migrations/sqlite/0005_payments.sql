-- Payments, refunds and request idempotency (issue 5). Kept equivalent to
-- migrations/postgres/0005_payments.sql; only the auto-increment id is spelled per backend.
-- Units as in 0003/0004: *_cents money, *_e3 quantities, times in unix milliseconds.

-- The card (Stripe Checkout) attempt of an invoice. `card_session_id` (0004) holds the latest
-- Checkout Session; `card_status` says where that attempt stands:
--   NULL       no card attempt
--   'pending'  a session was created and the customer was sent to Stripe
--   'failed'   the cancel page (or an expired session) ended the attempt; the invoice stays open
--   'paid'     Stripe confirmed the payment (by retrieving the session or by the webhook)
-- `card_payment_intent` is Stripe's PaymentIntent of the paid session: refunds go through it.
ALTER TABLE invoices ADD COLUMN card_status TEXT;
ALTER TABLE invoices ADD COLUMN card_payment_intent TEXT;

-- One row per refund of a paid invoice, by amount or by lines. The invoice keeps the running
-- total (`refunded_cents`); these rows say when, by whom and how each part came back.
--   stripe_refund_id  Stripe's refund of a card-paid invoice (NULL for cash and swipe)
CREATE TABLE refunds (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id             BIGINT  NOT NULL REFERENCES shops (id),
    invoice_id          BIGINT  NOT NULL REFERENCES invoices (id),
    amount_cents        BIGINT  NOT NULL,
    points_reversed_cents BIGINT NOT NULL DEFAULT 0,
    points_restored_cents BIGINT NOT NULL DEFAULT 0,
    by_lines            SMALLINT NOT NULL DEFAULT 0,
    staff_user_id       BIGINT,
    staff_name          TEXT    NOT NULL DEFAULT '',
    stripe_refund_id    TEXT,
    created_at          BIGINT  NOT NULL,
    CONSTRAINT refunds_amount_check CHECK (amount_cents > 0)
);
CREATE INDEX refunds_invoice_idx ON refunds (shop_id, invoice_id);

-- Stripe webhook events already handled, by Stripe's event id: a redelivered event is
-- acknowledged without being applied again.
CREATE TABLE stripe_events (
    event_id     TEXT    NOT NULL PRIMARY KEY,
    event_type   TEXT    NOT NULL,
    received_at  BIGINT  NOT NULL
);

-- Idempotency-Key of write requests (POST/PUT/PATCH of the sales routes). The first request with
-- a key stores a digest of what it asked (method, path, body) and, once answered, the answer; a
-- later request with the same key and the same digest gets that answer again without the work
-- being done twice, one with a different digest gets 422. Keys belong to the caller's shop and
-- user, so two tills cannot collide on each other's keys.
--   state  'pending' while the first request runs, 'done' once its answer is stored
CREATE TABLE idempotency_keys (
    shop_id         BIGINT  NOT NULL,
    user_id         BIGINT  NOT NULL,
    idempotency_key TEXT    NOT NULL,
    request_digest  TEXT    NOT NULL,
    state           TEXT    NOT NULL,
    response_status BIGINT,
    response_body   TEXT,
    created_at      BIGINT  NOT NULL,
    PRIMARY KEY (shop_id, user_id, idempotency_key),
    CONSTRAINT idempotency_keys_state_check CHECK (state IN ('pending', 'done'))
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- The webhook finds an invoice by its Checkout Session.
CREATE INDEX invoices_card_session_idx ON invoices (card_session_id);
