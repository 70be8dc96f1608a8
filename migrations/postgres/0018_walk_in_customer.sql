-- The shop's walk-in customer: the customer a sale is rung up for when the buyer gives no phone
-- number (docs/counter.md, "Walk-in sale"). Every shop has exactly one, made with the shop
-- (db::customers::insert_walk_in); it has no phone number (a real customer's is 7 digits, so
-- no lookup finds it), cannot be edited or deleted, and earns no loyalty points. Kept
-- equivalent to migrations/sqlite/0018_walk_in_customer.sql.
ALTER TABLE customers ADD COLUMN walk_in SMALLINT NOT NULL DEFAULT 0;

CREATE UNIQUE INDEX customers_walk_in_key ON customers (shop_id) WHERE walk_in = 1;

INSERT INTO customers (shop_id, customer_name, phone_number, email, created_at, updated_at, walk_in)
SELECT s.id, 'Walk-in customer', '', '', s.created_at, s.created_at, 1 FROM shops s;
