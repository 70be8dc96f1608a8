/** Issue 4's CSV upload screens (SPEC part 2) for the admin and staff areas: products and categories. */
export { UploadCategoriesPage, UploadProductsPage } from './pages/upload-pages';
