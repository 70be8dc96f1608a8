-- Stock operations (docs/api-stock.md): receiving deliveries, counts, reorder levels with their
-- daily low-stock digest, and the stock grants. Kept equivalent to
-- migrations/sqlite/0030_stock_operations.sql.

-- A product's reorder level, in thousandths of its unit: at or below it the product is low on
-- stock (pos_core::stock::low_stock). NULL: the shop does not watch this product.
ALTER TABLE products ADD COLUMN reorder_level_e3 BIGINT;

-- A supplier's delivery received into stock. `client_ref` makes a delivery sent again (a lost
-- answer, the outbox) land once. Its lines keep the cost before and after each line, the
-- weighted average pos_core's `receive_delivery` gave.
CREATE TABLE stock_receivings (
    id               BIGSERIAL PRIMARY KEY,
    shop_id          BIGINT  NOT NULL REFERENCES shops (id),
    supplier         TEXT    NOT NULL,
    reference        TEXT    NOT NULL DEFAULT '',
    note             TEXT    NOT NULL DEFAULT '',
    client_ref       TEXT    NOT NULL,
    total_cost_cents BIGINT  NOT NULL,
    user_id          BIGINT,
    user_name        TEXT    NOT NULL DEFAULT '',
    created_at       BIGINT  NOT NULL,
    CONSTRAINT stock_receivings_client_ref_key UNIQUE (shop_id, client_ref)
);
CREATE INDEX stock_receivings_shop_idx ON stock_receivings (shop_id, id);

CREATE TABLE stock_receiving_lines (
    receiving_id      BIGINT  NOT NULL REFERENCES stock_receivings (id),
    line_number       INTEGER NOT NULL,
    product_id        BIGINT  NOT NULL REFERENCES products (id),
    quantity_e3       BIGINT  NOT NULL,
    unit_cost_cents   BIGINT  NOT NULL,
    line_cost_cents   BIGINT  NOT NULL,
    cost_before_cents BIGINT  NOT NULL,
    cost_after_cents  BIGINT  NOT NULL,
    CONSTRAINT stock_receiving_lines_pkey PRIMARY KEY (receiving_id, line_number),
    CONSTRAINT stock_receiving_lines_quantity_check CHECK (quantity_e3 > 0),
    CONSTRAINT stock_receiving_lines_cost_check CHECK (unit_cost_cents >= 0)
);

-- A stock count: all the shop's products or one category's, counted while the shop may keep
-- selling. One count is open per shop at a time. Each line keeps what the ledger expected when
-- the line was counted (until then, when the count started) and what was counted; posting
-- writes the difference as a `count` row of the ledger.
CREATE TABLE stock_counts (
    id              BIGSERIAL PRIMARY KEY,
    shop_id         BIGINT  NOT NULL REFERENCES shops (id),
    category_id     BIGINT  REFERENCES categories (id),
    status          TEXT    NOT NULL DEFAULT 'open',
    note            TEXT    NOT NULL DEFAULT '',
    client_ref      TEXT    NOT NULL,
    started_by_id   BIGINT,
    started_by_name TEXT    NOT NULL DEFAULT '',
    started_at      BIGINT  NOT NULL,
    closed_by_id    BIGINT,
    closed_by_name  TEXT    NOT NULL DEFAULT '',
    closed_at       BIGINT,
    CONSTRAINT stock_counts_status_check CHECK (status IN ('open', 'posted', 'cancelled')),
    CONSTRAINT stock_counts_closed_check CHECK ((status = 'open') = (closed_at IS NULL)),
    CONSTRAINT stock_counts_client_ref_key UNIQUE (shop_id, client_ref)
);
CREATE UNIQUE INDEX stock_counts_one_open_idx ON stock_counts (shop_id) WHERE status = 'open';
CREATE INDEX stock_counts_shop_idx ON stock_counts (shop_id, id);

CREATE TABLE stock_count_lines (
    count_id        BIGINT  NOT NULL REFERENCES stock_counts (id),
    product_id      BIGINT  NOT NULL REFERENCES products (id),
    expected_e3     BIGINT  NOT NULL,
    counted_e3      BIGINT,
    counted_at      BIGINT,
    unit_cost_cents BIGINT  NOT NULL,
    CONSTRAINT stock_count_lines_pkey PRIMARY KEY (count_id, product_id),
    CONSTRAINT stock_count_lines_counted_check CHECK ((counted_e3 IS NULL) = (counted_at IS NULL))
);

-- The ledger's receiving and count rows name what wrote them.
ALTER TABLE stock_moves ADD COLUMN receiving_id BIGINT REFERENCES stock_receivings (id);
ALTER TABLE stock_moves ADD COLUMN count_id BIGINT REFERENCES stock_counts (id);
-- The movements report filtered by kind (every receiving, every count) reads these in time order.
CREATE INDEX stock_moves_kind_idx ON stock_moves (shop_id, kind, created_at, id);

-- The low-stock email digest goes to a shop at most once a day (the shop's date).
CREATE TABLE low_stock_digests (
    shop_id   BIGINT NOT NULL REFERENCES shops (id),
    day       TEXT   NOT NULL,
    products  INTEGER NOT NULL,
    sent_at   BIGINT NOT NULL,
    CONSTRAINT low_stock_digests_pkey PRIMARY KEY (shop_id, day)
);

ALTER TABLE user_permissions DROP CONSTRAINT user_permissions_permission_check;
ALTER TABLE user_permissions ADD CONSTRAINT user_permissions_permission_check CHECK (permission IN (
        'product_create', 'product_read', 'product_update', 'product_delete',
        'category_create', 'category_read', 'category_update', 'category_delete',
        'customer_create', 'customer_read', 'customer_update', 'customer_delete',
        'shift_open_close', 'cash_movement', 'shift_read_all',
        'stock_receive', 'stock_count', 'stock_adjust', 'stock_report'
));

-- Bits 15 to 18, after the shift grants (`Permission::ALL`, server/src/auth/permission.rs):
-- stock_receive (receive deliveries), stock_count (start, enter and post counts),
-- stock_adjust (adjust stock by hand) and stock_report (stock value and movements). Until now
-- admins alone adjusted stock; every existing admin is granted all four, so nobody loses
-- anything, and staff are granted what an admin gives them.
INSERT INTO permission_bits (permission, bit) VALUES
    ('stock_receive', 32768), ('stock_count', 65536), ('stock_adjust', 131072),
    ('stock_report', 262144);

INSERT INTO user_permissions (user_id, permission)
    SELECT users.id, grants.permission FROM users
    CROSS JOIN (SELECT 'stock_receive' AS permission UNION ALL SELECT 'stock_count'
                UNION ALL SELECT 'stock_adjust' UNION ALL SELECT 'stock_report') AS grants
    WHERE users.role = 'admin';

