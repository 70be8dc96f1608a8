/** The CSV upload screens for the admin and staff areas: products and categories. */
export { UploadCategoriesPage, UploadProductsPage } from './pages/upload-pages';
