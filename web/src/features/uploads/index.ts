/** Placeholder: issue 4's CSV upload screens. */
const Pending = () => null;
export const UploadProductsPage = Pending;
export const UploadCategoriesPage = Pending;
