-- no-transaction
-- Gift cards (docs/api-gift-cards.md): a number the shop sells money onto, spent on later sales
-- by whoever holds the card. Each card's money is a ledger like store credit's; the card's row
-- carries the sum (`balance_cents`), kept by the ledger's insert trigger in the same statement as
-- the row, and never below 0. The sale flags' kinds CHECK takes the flag of a card spent twice
-- offline, so sale_flags is rebuilt (SQLite cannot alter a CHECK) with foreign keys off, hence
-- no surrounding transaction from the migrator; the rebuild runs in its own.
-- Kept equivalent to migrations/postgres/0027_gift_cards.sql.

PRAGMA foreign_keys = OFF;

BEGIN;

-- One row per card of a shop. `number` is the card's number as pos_core::tender reads it
-- (capitals and digits). Money in cents, times in unix milliseconds.
CREATE TABLE gift_cards (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id        BIGINT  NOT NULL REFERENCES shops (id),
    number         TEXT    NOT NULL,
    balance_cents  BIGINT  NOT NULL DEFAULT 0,
    created_at     BIGINT  NOT NULL,
    CONSTRAINT gift_cards_number_key UNIQUE (shop_id, number),
    CONSTRAINT gift_cards_balance_check CHECK (balance_cents >= 0)
);

-- One row per move of a card's money: `sold` (the money a new card was sold for), `load` (money
-- put on a card sold before), `payment` (the card spent on a sale, negative), `refund` (a refund
-- of a sale the card paid, back onto it). `client_ref` makes a retried sale of a card land once.
CREATE TABLE gift_card_entries (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id       BIGINT  NOT NULL REFERENCES shops (id),
    gift_card_id  BIGINT  NOT NULL REFERENCES gift_cards (id),
    kind          TEXT    NOT NULL,
    amount_cents  BIGINT  NOT NULL,
    invoice_id    BIGINT  REFERENCES invoices (id),
    method        TEXT,
    user_id       BIGINT,
    client_ref    TEXT,
    created_at    BIGINT  NOT NULL,
    CONSTRAINT gift_card_entries_kind_check CHECK (kind IN ('sold', 'load', 'payment', 'refund')),
    CONSTRAINT gift_card_entries_amount_check CHECK (
        (kind = 'payment' AND amount_cents < 0) OR (kind <> 'payment' AND amount_cents > 0)
    ),
    CONSTRAINT gift_card_entries_method_check CHECK (
        method IS NULL OR method IN ('cash', 'internal-device')
    )
);
CREATE INDEX gift_card_entries_card_idx ON gift_card_entries (shop_id, gift_card_id, id);
CREATE INDEX gift_card_entries_invoice_idx ON gift_card_entries (shop_id, invoice_id)
    WHERE invoice_id IS NOT NULL;
CREATE UNIQUE INDEX gift_card_entries_client_ref_key ON gift_card_entries (shop_id, client_ref);

CREATE TRIGGER gift_card_entries_balance AFTER INSERT ON gift_card_entries
BEGIN
    UPDATE gift_cards SET balance_cents = balance_cents + NEW.amount_cents
    WHERE id = NEW.gift_card_id AND shop_id = NEW.shop_id;
END;

CREATE TRIGGER gift_card_entries_no_update BEFORE UPDATE ON gift_card_entries
BEGIN
    SELECT RAISE(ABORT, 'gift_card_entries is append-only: UPDATE refused');
END;

CREATE TRIGGER gift_card_entries_no_delete BEFORE DELETE ON gift_card_entries
BEGIN
    SELECT RAISE(ABORT, 'gift_card_entries is append-only: DELETE refused');
END;

-- The card a sale's gift-card part was paid by (a sale takes one), so a refund goes back to it.
ALTER TABLE invoice_tenders ADD COLUMN gift_card_id BIGINT REFERENCES gift_cards (id);

-- sale_flags, with the flag of a till's sale that spent more of a gift card than it held when
-- the sale reached the server (another till spent it first, or the shop has no such card).
CREATE TABLE sale_flags_new (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    shop_id     BIGINT  NOT NULL REFERENCES shops (id),
    invoice_id  BIGINT  NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL,
    detail      TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL,
    CONSTRAINT sale_flags_kind_check CHECK (
        kind IN ('price_difference', 'negative_stock', 'deleted_product',
                 'loyalty_shortfall', 'total_mismatch', 'time_out_of_window',
                 'store_credit_shortfall', 'gift_card_shortfall')
    )
);
INSERT INTO sale_flags_new (id, shop_id, invoice_id, kind, detail, created_at)
SELECT id, shop_id, invoice_id, kind, detail, created_at FROM sale_flags;
-- AUTOINCREMENT never hands out an id again: the new table goes on from the old one's counter.
INSERT INTO sqlite_sequence (name, seq) SELECT 'sale_flags_new', 0
WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'sale_flags_new');
UPDATE sqlite_sequence
SET seq = (SELECT MAX(seq) FROM sqlite_sequence WHERE name IN ('sale_flags', 'sale_flags_new'))
WHERE name = 'sale_flags_new';
DROP TABLE sale_flags;
ALTER TABLE sale_flags_new RENAME TO sale_flags;
CREATE INDEX sale_flags_shop_idx ON sale_flags (shop_id, id);

COMMIT;

PRAGMA foreign_keys = ON;
