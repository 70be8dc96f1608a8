/**
 * The catalogue screens for the admin and staff areas: categories, products,
 * custom products and the shop-wide loyalty rate. The app routes them.
 */
export { AddCategoryPage } from './pages/add-category-page';
export { AddCustomProductPage } from './pages/add-custom-product-page';
export { AddProductPage } from './pages/add-product-page';
export { CategoriesPage } from './pages/categories-page';
export { LoyaltyPointsPage } from './pages/loyalty-points-page';
export { ProductsPage } from './pages/products-page';
// What the till (features/sales) reads from the catalogue: its lists, custom products and money.
export { listCategories, type Category } from './api/categories-api';
export { createCustomProduct, listProducts, type CustomProduct, type CustomProductFields, type Product } from './api/products-api';
export { unitOptions } from './choices';
export { formatMoney } from './numbers';
export { customProductErrors, hasErrors, PRODUCT_NAME_MAX_CHARS, trimmed } from './validation';
