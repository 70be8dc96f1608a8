-- What a shop prints on its receipts besides the sale (docs/counter.md, "Receipts"): its
-- address, a footer, and the paper its printer takes ('80mm' roll or 'a4' sheet). The name and
-- phone number printed are the shop's own columns. Kept equivalent to
-- migrations/sqlite/0019_receipt_settings.sql.
ALTER TABLE shops ADD COLUMN address TEXT NOT NULL DEFAULT '';
ALTER TABLE shops ADD COLUMN receipt_footer TEXT NOT NULL DEFAULT '';
ALTER TABLE shops ADD COLUMN receipt_paper TEXT NOT NULL DEFAULT '80mm'
    CHECK (receipt_paper IN ('80mm', 'a4'));
