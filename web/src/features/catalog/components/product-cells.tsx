/**
 * One product's cells in the products table: what each shows, and which become
 * inputs on Edit. Tax and loyalty become inputs only in the admin session; for
 * staff they stay text, and the server refuses a change from them anyway.
 */
import type { Draft, EditableCell } from '@/components/data-table';
import type { Category } from '../api/categories-api';
import type { Product, ProductFields } from '../api/products-api';
import { decimalText, formatDiscount, formatMoney, formatPercent } from '../numbers';
import { BARCODE_MAX_CHARS, PRODUCT_NAME_MAX_CHARS } from '../validation';

/** The fields a products table row edits. */
export type ProductRowField = Exclude<keyof ProductFields, 'unit' | 'discountType'>;
/**
 * A row's values. Only the fields this viewer edits are present (no category without the
 * categories to choose from, no tax or loyalty for staff): the row compares and sends just
 * those, and the server keeps the others.
 */
export type ProductRowDraft = Draft<ProductRowField>;

export interface ProductCellOptions {
  /** The shop's currency: the money columns' headers name it, so each amount need not. */
  currencyCode: string | null;
  /** Tax and loyalty editable. */
  isAdmin: boolean;
  /** The categories to choose from; null leaves the category as text (not loaded, or not readable). */
  categories: Category[] | null;
}

const amount = 'catalog-table__amount';

/** The values a row's edit starts from: the editable fields only, numbers as their exact text. */
export function productRowValues(product: Product, { isAdmin, categories }: ProductCellOptions): ProductRowDraft {
  const values: Partial<ProductRowDraft> = {
    productName: product.productName,
    barcodeNumber: product.barcodeNumber,
    ...(categories ? { category: product.category._id } : {}),
    quantity: decimalText(product.quantity),
    // Blank is no reorder level; clearing the input clears it.
    reorderLevel: product.reorderLevel === null || product.reorderLevel === undefined ? '' : decimalText(product.reorderLevel),
    costPrice: decimalText(product.costPrice),
    costPriceProfit: decimalText(product.costPriceProfit),
    // 0 keeps a product priced from its cost, so a new cost or markup prices it again.
    sellingPrice: product.pricedFromCost ? '0' : decimalText(product.sellingPrice),
    discount: decimalText(product.discount),
    ...(isAdmin ? { productTax: decimalText(product.productTax), loyaltyRate: decimalText(product.loyaltyRate) } : {}),
  };
  return values as ProductRowDraft;
}

/** The price the till charges; when the product has no selling price of its own, said so. */
function SellingPrice({ product }: { product: Product }) {
  if (!product.pricedFromCost) return <>{formatMoney(product.sellingPrice)}</>;
  return (
    <>
      {formatMoney(product.sellingPrice)}
      <span className="catalog-note">from cost</span>
    </>
  );
}

/** A value only an admin may change, as staff see it. */
function AdminOnly({ text }: { text: string }) {
  return (
    <span title="Only an admin can change this">
      {text}
      <span className="visually-hidden"> (set by an admin)</span>
    </span>
  );
}

export function productCells(product: Product, index: number, { isAdmin, categories }: ProductCellOptions): EditableCell<ProductRowField>[] {
  const categoryOptions = categories?.map((category) => ({ value: category._id, label: category.categoryName }));
  if (categoryOptions && !categoryOptions.some((option) => option.value === product.category._id)) {
    categoryOptions.unshift({ value: product.category._id, label: product.category.categoryName });
  }
  const tax = formatPercent(product.productTax);
  const loyalty = formatPercent(product.loyaltyRate);
  // Name, stock and prices first: on a tablet they are the part of the row in view before it
  // scrolls sideways; the category and the codes, looked at less, come last.
  return [
    { id: 'no', view: index + 1, className: 'data-table__number' },
    {
      id: 'name',
      view: product.productName,
      className: 'catalog-table__name',
      edit: { field: 'productName', label: 'Product name', maxLength: PRODUCT_NAME_MAX_CHARS },
    },
    {
      id: 'quantity',
      view: decimalText(product.quantity),
      className: amount,
      edit: { field: 'quantity', label: 'Quantity', inputMode: product.unit === 'no' ? 'numeric' : 'decimal' },
    },
    { id: 'unit', view: product.unit, className: 'data-table__nowrap' },
    {
      id: 'reorder',
      view:
        product.reorderLevel === null || product.reorderLevel === undefined ? (
          <span className="catalog-muted">—</span>
        ) : (
          decimalText(product.reorderLevel)
        ),
      className: amount,
      edit: { field: 'reorderLevel', label: 'Reorder level', inputMode: product.unit === 'no' ? 'numeric' : 'decimal' },
    },
    {
      id: 'cost',
      view: formatMoney(product.costPrice),
      className: amount,
      edit: { field: 'costPrice', label: 'Cost price', inputMode: 'decimal' },
    },
    {
      id: 'profit',
      view: formatPercent(product.costPriceProfit),
      className: amount,
      edit: { field: 'costPriceProfit', label: 'Cost price profit %', inputMode: 'decimal' },
    },
    {
      id: 'selling',
      view: <SellingPrice product={product} />,
      className: amount,
      edit: { field: 'sellingPrice', label: 'Selling price', inputMode: 'decimal' },
    },
    {
      id: 'discount',
      view: formatDiscount(product.discount, product.discountType),
      className: amount,
      edit: { field: 'discount', label: product.discountType === 'flat' ? 'Discount (flat)' : 'Discount %', inputMode: 'decimal' },
    },
    {
      id: 'tax',
      view: isAdmin ? tax : <AdminOnly text={tax} />,
      className: amount,
      edit: isAdmin ? { field: 'productTax', label: 'Product tax %', inputMode: 'decimal' } : undefined,
    },
    {
      id: 'loyalty',
      view: isAdmin ? loyalty : <AdminOnly text={loyalty} />,
      className: amount,
      edit: isAdmin ? { field: 'loyaltyRate', label: 'Loyalty rate %', inputMode: 'decimal' } : undefined,
    },
    {
      id: 'category',
      view: product.category.categoryName,
      className: 'catalog-table__category',
      edit: categoryOptions ? { field: 'category', label: 'Category', options: categoryOptions } : undefined,
    },
    { id: 'productId', view: product.product_id, className: 'catalog-table__code' },
    {
      id: 'barcode',
      view: product.barcodeNumber || <span className="catalog-muted">—</span>,
      className: 'catalog-table__code',
      edit: { field: 'barcodeNumber', label: 'Barcode', maxLength: BARCODE_MAX_CHARS },
    },
  ];
}
