-- Gift cards (docs/api-gift-cards.md): a number the shop sells money onto, spent on later sales
-- by whoever holds the card. Each card's money is a ledger like store credit's; the card's row
-- carries the sum (`balance_cents`), kept by the ledger's insert trigger in the same statement as
-- the row, and never below 0. The sale flags take the flag of a card spent twice offline.
-- Kept equivalent to migrations/sqlite/0027_gift_cards.sql.

-- One row per card of a shop. `number` is the card's number as pos_core::tender reads it
-- (capitals and digits). Money in cents, times in unix milliseconds.
CREATE TABLE gift_cards (
    id             BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
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
    id            BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
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

CREATE FUNCTION gift_card_entries_add_to_card() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    UPDATE gift_cards SET balance_cents = balance_cents + NEW.amount_cents
        WHERE id = NEW.gift_card_id AND shop_id = NEW.shop_id;
    RETURN NULL;
END;
$$;

CREATE TRIGGER gift_card_entries_balance AFTER INSERT ON gift_card_entries
FOR EACH ROW EXECUTE FUNCTION gift_card_entries_add_to_card();

CREATE FUNCTION gift_card_entries_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'gift_card_entries is append-only: % refused', TG_OP;
END;
$$;

CREATE TRIGGER gift_card_entries_no_change BEFORE UPDATE OR DELETE ON gift_card_entries
FOR EACH ROW EXECUTE FUNCTION gift_card_entries_append_only();

CREATE TRIGGER gift_card_entries_no_truncate BEFORE TRUNCATE ON gift_card_entries
FOR EACH STATEMENT EXECUTE FUNCTION gift_card_entries_append_only();

-- The card a sale's gift-card part was paid by (a sale takes one), so a refund goes back to it.
ALTER TABLE invoice_tenders ADD COLUMN gift_card_id BIGINT REFERENCES gift_cards (id);

ALTER TABLE sale_flags DROP CONSTRAINT sale_flags_kind_check;
ALTER TABLE sale_flags ADD CONSTRAINT sale_flags_kind_check CHECK (
    kind IN ('price_difference', 'negative_stock', 'deleted_product',
             'loyalty_shortfall', 'total_mismatch', 'time_out_of_window',
             'store_credit_shortfall', 'gift_card_shortfall')
);
