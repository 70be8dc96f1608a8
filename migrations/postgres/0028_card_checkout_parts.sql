-- The parts of a sale taken at the counter before its card payment (docs/api-card-payments.md,
-- "Card as one part"): cash, swipe, store credit or a gift card, handed over before the customer
-- pays the rest on Stripe's page. Stripe is asked for what they leave; when it confirms, the sale
-- is paid by these parts and the card together. One row per invoice, replaced by each new
-- checkout of it, gone with the invoice if an open sale is deleted.
-- `tenders` is the parts as a JSON array of {method, amountCents, card}, in the order taken
-- (the server writes and reads it; nothing else does). Money in cents, times in unix
-- milliseconds. Kept identical in migrations/sqlite and migrations/postgres.
CREATE TABLE card_checkout_parts (
    invoice_id           BIGINT  PRIMARY KEY REFERENCES invoices (id) ON DELETE CASCADE,
    shop_id              BIGINT  NOT NULL REFERENCES shops (id),
    tenders              TEXT    NOT NULL,
    cash_rounding_cents  BIGINT  NOT NULL,
    updated_at           BIGINT  NOT NULL
);
