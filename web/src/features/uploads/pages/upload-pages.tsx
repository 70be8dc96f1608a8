import { UploadScreen } from '../components/upload-screen';
import { categoriesUpload, productsUpload } from '../upload-kinds';

/** /admin/upload/products/csv and /staff/upload/products/csv (POST /file/upload). */
export const UploadProductsPage = () => <UploadScreen kind={productsUpload} />;

/** /admin/upload/categories/csv and /staff/upload/categories/csv (POST /file/upload/category). */
export const UploadCategoriesPage = () => <UploadScreen kind={categoriesUpload} />;
