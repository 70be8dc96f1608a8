-- Keyset pages of the management lists (server/src/http/list_page.rs, docs/pagination.md):
-- each list's order, behind its filter, is an index the database walks from the cursor, so a
-- page costs its own rows however deep into the list it starts.
-- Products, customers and categories: the shop's live rows by `lower(name), id` (the id breaks
-- ties between names equal ignoring case; products: the catalogue only, custom ones are never
-- listed).
CREATE INDEX products_shop_name_idx ON products (shop_id, lower(product_name), id)
    WHERE custom = 0 AND deleted_at IS NULL;
CREATE INDEX customers_shop_name_idx ON customers (shop_id, lower(customer_name), id)
    WHERE deleted_at IS NULL;
CREATE INDEX categories_shop_name_idx ON categories (shop_id, lower(category_name), id)
    WHERE deleted_at IS NULL;
-- A shop's people by id (users_shop_role_idx orders them by role first). Shops are listed by
-- their primary key.
CREATE INDEX users_shop_id_idx ON users (shop_id, id);
