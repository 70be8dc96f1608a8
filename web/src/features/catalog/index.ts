/** Placeholder: issue 4's catalogue screens (categories, products, custom product, loyalty). */
const Pending = () => null;
export const CategoriesPage = Pending;
export const AddCategoryPage = Pending;
export const ProductsPage = Pending;
export const AddProductPage = Pending;
export const AddCustomProductPage = Pending;
export const LoyaltyPointsPage = Pending;
