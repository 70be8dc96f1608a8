-- A card refund asked of Stripe but not yet recorded (server/src/sales/card_refunds.rs,
-- docs/api-payments.md "Refunds"). The call to Stripe runs outside any database transaction,
-- so the sales of every till are not held while Stripe answers; this row stands in for the
-- transaction meanwhile: at most one per invoice, so two refunds of one card payment can never
-- reach Stripe with different amounts, and a refund cut off after Stripe made it (a crash, a
-- lost answer) is finished by asking for the same refund again (same Stripe idempotency key).
-- Kept identical in migrations/sqlite and migrations/postgres.
CREATE TABLE card_refund_claims (
    invoice_id    BIGINT  PRIMARY KEY REFERENCES invoices (id),
    shop_id       BIGINT  NOT NULL REFERENCES shops (id),
    stripe_key    TEXT    NOT NULL,
    amount_cents  BIGINT  NOT NULL,
    created_at    BIGINT  NOT NULL
);
