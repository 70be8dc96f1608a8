-- Catalogue and customers: categories, products (incl. custom products) and customers.
-- Kept equivalent to migrations/postgres/0003_catalog.sql (same columns, types and constraints);
-- only the auto-increment id is spelled per backend. Times are unix milliseconds (BIGINT).
--
-- Numbers are exact integers, never floats (sqlx::Any has no portable NUMERIC):
--   *_cents  money in hundredths of the shop's currency (12.50 -> 1250);
--   *_e4     percentages (and a flat discount, which is money) times 10^4 (8.875 % -> 88750;
--            a flat 1.25 off -> 12500), the 4 decimals pricing accepts (pos_core::limits);
--   *_e3     quantities times 10^3 (2.5 kg -> 2500), the 3 decimals of a gram or a millilitre.
--
-- Rows are never deleted, only marked: `deleted_at` is set and every list and lookup leaves the
-- row out. Invoices keep pointing at the product and customer they sold to, and the tills'
-- delta sync (issue 7) sees a deletion as a tombstone. Uniqueness holds among live rows only,
-- so a deleted product's barcode or a deleted customer's phone can be used again.

-- Categories. `category_name` is unique per shop, case-insensitively, because the CSV import
-- names a product's category by its name.
CREATE TABLE categories (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id          BIGINT  NOT NULL REFERENCES shops (id),
    category_name    TEXT    NOT NULL,
    description      TEXT    NOT NULL DEFAULT '',
    discount_rate_e4 BIGINT  NOT NULL DEFAULT 0,
    created_at       BIGINT  NOT NULL,
    updated_at       BIGINT  NOT NULL,
    deleted_at       BIGINT,
    CONSTRAINT categories_discount_rate_check CHECK (discount_rate_e4 BETWEEN 0 AND 1000000)
);
CREATE UNIQUE INDEX categories_name_key ON categories (shop_id, lower(category_name))
    WHERE deleted_at IS NULL;
CREATE INDEX categories_shop_updated_idx ON categories (shop_id, updated_at);

-- Products. `product_number` is the per-shop sequence behind `product_id` ('P-000042',
-- pos_core::ids), allocated from id_counters (kind 'product_id') in the inserting transaction.
--   custom          1 for a custom product (SPEC "Custom product": name, quantity, unit and
--                   selling price typed at the till). A custom product has no category, no
--                   barcode, no discount, tax or loyalty, and is not listed in the catalogue.
--   category_id     required for catalogue products; a category with live products cannot be
--                   deleted (409), so no live product points at a deleted category.
--   barcode_number  NULL when the product has none; unique among the shop's live products.
--   quantity_e3     stock on hand. No lower bound: issue 7's offline sales may drive it below 0,
--                   which is flagged, never refused.
--   cost_price_profit_e4  markup percent on the cost price, 0 to 1000 %.
--   discount_e4     a percentage (discount_type 'percentage') or money per unit ('flat').
CREATE TABLE products (
    id                   INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id              BIGINT  NOT NULL REFERENCES shops (id),
    product_number       BIGINT  NOT NULL,
    custom               SMALLINT NOT NULL DEFAULT 0,
    category_id          BIGINT  REFERENCES categories (id),
    barcode_number       TEXT,
    product_name         TEXT    NOT NULL,
    quantity_e3          BIGINT  NOT NULL DEFAULT 0,
    unit                 TEXT    NOT NULL DEFAULT 'no',
    cost_price_cents     BIGINT  NOT NULL DEFAULT 0,
    cost_price_profit_e4 BIGINT  NOT NULL DEFAULT 0,
    selling_price_cents  BIGINT  NOT NULL DEFAULT 0,
    discount_e4          BIGINT  NOT NULL DEFAULT 0,
    discount_type        TEXT    NOT NULL DEFAULT 'percentage',
    product_tax_e4       BIGINT  NOT NULL DEFAULT 0,
    loyalty_rate_e4      BIGINT  NOT NULL DEFAULT 0,
    created_at           BIGINT  NOT NULL,
    updated_at           BIGINT  NOT NULL,
    deleted_at           BIGINT,
    CONSTRAINT products_number_key UNIQUE (shop_id, product_number),
    CONSTRAINT products_custom_check CHECK (
        (custom = 1 AND category_id IS NULL AND barcode_number IS NULL)
        OR (custom = 0 AND category_id IS NOT NULL)
    ),
    CONSTRAINT products_unit_check CHECK (unit IN ('no', 'kg', 'lt', 'm')),
    CONSTRAINT products_discount_type_check CHECK (discount_type IN ('percentage', 'flat')),
    CONSTRAINT products_money_check CHECK (
        cost_price_cents >= 0 AND selling_price_cents >= 0 AND discount_e4 >= 0
        AND cost_price_profit_e4 BETWEEN 0 AND 10000000
        AND product_tax_e4 BETWEEN 0 AND 1000000
        AND loyalty_rate_e4 BETWEEN 0 AND 1000000
    )
);
CREATE UNIQUE INDEX products_barcode_key ON products (shop_id, barcode_number)
    WHERE deleted_at IS NULL AND barcode_number IS NOT NULL;
CREATE INDEX products_category_idx ON products (category_id) WHERE deleted_at IS NULL;
CREATE INDEX products_shop_updated_idx ON products (shop_id, updated_at);

-- Customers. `phone_number` (7 digits, pos_core::validation::phone_number) is unique among the
-- shop's live customers: the till finds a customer by it. The loyalty balance is not stored
-- here: it is the sum of the customer's loyalty_entries (0004_sales.sql).
CREATE TABLE customers (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id       BIGINT  NOT NULL REFERENCES shops (id),
    customer_name TEXT    NOT NULL,
    phone_number  TEXT    NOT NULL,
    email         TEXT    NOT NULL DEFAULT '',
    created_at    BIGINT  NOT NULL,
    updated_at    BIGINT  NOT NULL,
    deleted_at    BIGINT
);
CREATE UNIQUE INDEX customers_phone_key ON customers (shop_id, phone_number)
    WHERE deleted_at IS NULL;
CREATE INDEX customers_shop_updated_idx ON customers (shop_id, updated_at);
