-- A custom invoice's line is sold in its product's own unit, as a sale's line is
-- (docs/api-custom-invoices.md, "Pricing"). Lines written before were stored as 'kg' whatever
-- the product; they take their product's unit where their quantity suits it (a whole number
-- for 'no', the rule the till sells pieces by), and keep 'kg' where it does not. Their amounts
-- are priced again, with tax and discounts, the next time their invoice changes.
-- Kept equivalent to migrations/sqlite/0020_custom_invoice_units.sql.

UPDATE invoice_lines SET unit = (
    SELECT p.unit FROM products p WHERE p.id = invoice_lines.product_id
)
WHERE invoice_id IN (SELECT i.id FROM invoices i WHERE i.status = 'custom')
  AND EXISTS (
    SELECT 1 FROM products p
    WHERE p.id = invoice_lines.product_id
      AND p.unit <> invoice_lines.unit
      AND (p.unit <> 'no' OR invoice_lines.quantity_e3 % 1000 = 0)
  );
