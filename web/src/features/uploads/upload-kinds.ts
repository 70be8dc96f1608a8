/**
 * What each CSV import takes (docs/csv-import.md): its call, the columns a file may
 * have (named as the API's fields, in any order) and a small sample file to start from. The
 * server serves nothing from docs/, so the samples live here and download from the page.
 */
import { uploadCategoriesCsv, uploadProductsCsv, type UploadCall } from './api/uploads-api';

export interface CsvColumn {
  name: string;
  required?: boolean;
  about: string;
}

export interface UploadKind {
  title: string;
  description: string;
  /** "products": what the rows are. */
  rowsAre: string;
  send: UploadCall;
  columns: CsvColumn[];
  /**
   * A few names other systems' exports give these columns, which the import reads as ours: an
   * example for the help text. The full table is docs/csv-import.md, "Files from other systems".
   */
  otherSystemNames: string[];
  sample: { fileName: string; text: string };
}

const csv = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

export const productsUpload: UploadKind = {
  title: 'Upload products',
  description: 'Add or update many products at once from a .csv file.',
  rowsAre: 'products',
  send: uploadProductsCsv,
  columns: [
    { name: 'productName', required: true, about: 'The product’s name.' },
    { name: 'category', required: true, about: 'The name of one of the shop’s categories.' },
    { name: 'barcodeNumber', about: 'Optional; unique in the shop.' },
    { name: 'quantity', about: 'Stock on hand; whole for unit no. Default 0.' },
    { name: 'unit', about: 'no, kg, lt or m. Default no.' },
    { name: 'costPrice', about: 'Default 0.' },
    { name: 'costPriceProfit', about: 'Markup on the cost price, in %. Default 0.' },
    { name: 'sellingPrice', about: 'Default 0. A selling price or a cost price above 0 is needed.' },
    { name: 'discount', about: 'A % or an amount, as discountType says. Default 0.' },
    { name: 'discountType', about: 'percentage or flat. Default percentage.' },
    { name: 'productTax', about: 'In %. Default 0.' },
    { name: 'loyaltyRate', about: 'In %. Default 0.' },
  ],
  otherSystemNames: ['Item Name', 'Qty', 'Price'],
  sample: {
    fileName: 'sample-products.csv',
    text: csv([
      'productName,barcodeNumber,category,quantity,unit,costPrice,costPriceProfit,sellingPrice,discount,discountType,productTax,loyaltyRate',
      'Basmati Rice 5kg,8901234567890,Groceries,40,no,95.00,0,120.00,0,percentage,0,0',
      'Fresh Milk 1L,8901234567891,Dairy,24,lt,14.50,20,,0,percentage,0,0',
      '"Tuna, chunks in oil",,Groceries,12.5,kg,60.00,0,75.00,5,flat,0,0',
    ]),
  },
};

export const categoriesUpload: UploadKind = {
  title: 'Upload categories',
  description: 'Add or update many categories at once from a .csv file.',
  rowsAre: 'categories',
  send: uploadCategoriesCsv,
  columns: [
    { name: 'categoryName', required: true, about: 'The category’s name, unique in the shop.' },
    { name: 'description', about: 'Optional.' },
    { name: 'discountRate', about: 'In %, 0 to 100. Default 0.' },
  ],
  otherSystemNames: ['Name', 'Discount'],
  sample: {
    fileName: 'sample-categories.csv',
    text: csv([
      'categoryName,description,discountRate',
      'Groceries,"Rice, flour and dry goods",0',
      'Dairy,Milk and cheese,5',
      'Beverages,,0',
    ]),
  },
};
