-- Keyset pages of the invoice lists (server/src/db/invoice_lists.rs, docs/pagination.md): each
-- list walks an index of its own order from the cursor, newest first, so a page costs its own
-- rows however far back it starts. Kept equivalent to
-- migrations/postgres/0017_invoice_list_pages.sql.

-- When the invoice was last refunded (unix milliseconds); NULL until its first refund. The
-- refunded list is ordered by it, so a refund given today of a sale of last year comes first.
-- Every refund sets it in the refund's transaction (db::refunds::store_refunded_total); the
-- invoices refunded before this column take their last refund's time, or their payment's when
-- no refund row says (a sale marked refunded without one).
ALTER TABLE invoices ADD COLUMN refunded_at BIGINT;

UPDATE invoices SET refunded_at = COALESCE(
    (SELECT MAX(r.created_at) FROM refunds r WHERE r.invoice_id = invoices.id),
    paid_at,
    updated_at
) WHERE status = 'refunded' OR refunded_cents > 0;

-- Paid sales (partly refunded ones included) by payment time, then id: a sale rung up long ago
-- and paid today is the newest payment.
CREATE INDEX invoices_paid_list_idx ON invoices (shop_id, paid_at, id)
    WHERE status = 'paid';
-- Sales with a refund by the last refund's time, then id.
CREATE INDEX invoices_refunded_list_idx ON invoices (shop_id, refunded_at, id)
    WHERE refunded_at IS NOT NULL;
-- Custom invoices (never paid) by creation time, then id.
CREATE INDEX invoices_custom_list_idx ON invoices (shop_id, created_at, id)
    WHERE status = 'custom';
