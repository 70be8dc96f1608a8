/**
 * Issue 4's catalogue screens for the admin and staff areas (SPEC part 2): categories, products,
 * custom products and the shop-wide loyalty rate. The app routes them.
 */
export { AddCategoryPage } from './pages/add-category-page';
export { AddCustomProductPage } from './pages/add-custom-product-page';
export { AddProductPage } from './pages/add-product-page';
export { CategoriesPage } from './pages/categories-page';
export { LoyaltyPointsPage } from './pages/loyalty-points-page';
export { ProductsPage } from './pages/products-page';
