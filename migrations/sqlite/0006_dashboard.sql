-- Dashboard roll-ups (issue 6; docs/api-dashboard.md). Kept equivalent between
-- migrations/sqlite and migrations/postgres. Money in cents, as everywhere.
--
-- A paid invoice counts for what was kept (its total less what was refunded), on the local date
-- of its payment in the shop's time zone, and per category with its kept amount spread over its
-- lines (pos_core::dashboard::kept_line_amounts). The server adds each change to these rows in
-- the transaction that pays or refunds the invoice, so the charts read a few thousand rows
-- instead of every invoice, and the rows always equal a rebuild from the invoices.
--
-- `shops.dashboard_zone` is the time zone the rows of `dashboard_days` were built in; NULL until
-- built. At start, and when the super admin changes a shop's time zone, a shop whose
-- `dashboard_zone` differs from its `time_zone` has both roll-ups rebuilt in one transaction.
-- Paying and refunding take the shop row's lock (a no-op UPDATE of dashboard_zone) just before
-- writing the roll-ups, so a rebuild and a payment never miss each other.
ALTER TABLE shops ADD COLUMN dashboard_zone TEXT;

-- Kept amount per shop, local date (days since 1970-01-01 in the shop's zone) and payment method.
CREATE TABLE dashboard_days (
    shop_id        BIGINT NOT NULL REFERENCES shops (id),
    day_number     BIGINT NOT NULL,
    payment_method TEXT   NOT NULL,
    kept_cents     BIGINT NOT NULL,
    PRIMARY KEY (shop_id, day_number, payment_method),
    CONSTRAINT dashboard_days_method_check CHECK (
        payment_method IN ('cash', 'internal-device', 'digital')
    )
);

-- Kept amount per shop and category, all time. `category_id` 0 stands for lines sold without a
-- category (custom products). Names are read from `categories` when the chart is drawn, so a
-- renamed category keeps its history.
CREATE TABLE dashboard_categories (
    shop_id     BIGINT NOT NULL REFERENCES shops (id),
    category_id BIGINT NOT NULL,
    kept_cents  BIGINT NOT NULL,
    PRIMARY KEY (shop_id, category_id)
);
