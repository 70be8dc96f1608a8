-- The receipt number: a paid sale's number from a sequence of its own (id_counters kind
-- 'receipt_number', one per shop), given in the transaction that pays it (sales::settle), so the
-- paid sales of a shop are numbered 1, 2, 3... without a gap even though carts that are never
-- paid keep their invoice numbers (docs/counter.md, "Invoice and receipt numbers"). NULL until
-- paid; a refund keeps it. The sales paid before this migration are numbered in the order they
-- were paid. Kept equivalent to migrations/sqlite/0021_receipt_numbers.sql.
ALTER TABLE invoices ADD COLUMN receipt_number BIGINT;

UPDATE invoices SET receipt_number = numbered.n
FROM (
    SELECT id, ROW_NUMBER() OVER (PARTITION BY shop_id ORDER BY paid_at, id) AS n
    FROM invoices
    WHERE paid_at IS NOT NULL AND status IN ('paid', 'refunded')
) AS numbered
WHERE invoices.id = numbered.id;

CREATE UNIQUE INDEX invoices_receipt_number_key ON invoices (shop_id, receipt_number);

INSERT INTO id_counters (kind, shop_id, last_value)
SELECT 'receipt_number', shop_id, MAX(receipt_number) FROM invoices
WHERE receipt_number IS NOT NULL
GROUP BY shop_id;
