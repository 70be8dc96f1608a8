/**
 * The catalogue forms' checks before sending, with the server's rules and messages (core's
 * validation/catalog.rs: the same limits, the same wording), so a typing slip is shown beside
 * its field at once. The WASM core has no export for whole catalogue records, only for single
 * fields (the names, a category's description, unit, discount type, a product's reorder level),
 * so the other numbers are checked here; the server checks again and its 400 message is shown
 * as the toast when the two ever disagree.
 *
 * Numbers are read as text and compared digit by digit (BigInt), never through a float.
 */
import { validateField } from '../../lib/core';
import { isBackOfficeCoreReady, validateReorderLevel } from '../../lib/core-back-office';
import type { CategoryFields } from './api/categories-api';
import type { CustomProductFields, ProductFields, Unit } from './api/products-api';

export type Errors<F extends string> = Partial<Record<F, string | null>>;

export const hasErrors = (errors: Record<string, string | null | undefined>) => Object.values(errors).some(Boolean);

export const CATEGORY_NAME_MAX_CHARS = 60;
export const DESCRIPTION_MAX_CHARS = 500;
export const PRODUCT_NAME_MAX_CHARS = 120;
export const BARCODE_MAX_CHARS = 64;
const MAX_MONEY = 1_000_000_000n;
const MAX_QUANTITY = 1_000_000n;
const MAX_MARKUP = 1000n;

/** An API field name in words, as the server's messages say it: "sellingPrice" -> "Selling price". */
export function fieldLabel(field: string): string {
  const words = field.replace(/_/g, ' ').replace(/(?<=.)([A-Z])/g, (capital: string) => ` ${capital.toLowerCase()}`);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

interface DecimalValue {
  negative: boolean;
  whole: bigint;
  /** The digits after the point, trailing zeros dropped ("2.500" -> "5"). */
  fraction: string;
}

/** Strict decimal text: optional "-", digits, optionally "." and digits (the server's rule). */
function readDecimal(text: string): DecimalValue | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const whole = BigInt(match[2]!);
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  // "-0" is zero, not a negative number.
  return { negative: match[1] === '-' && (whole > 0n || fraction !== ''), whole, fraction };
}

const isZero = (value: DecimalValue) => value.whole === 0n && value.fraction === '';
const above = (value: DecimalValue, limit: bigint) => !value.negative && (value.whole > limit || (value.whole === limit && value.fraction !== ''));

type Rule = (field: string, value: DecimalValue) => string | null;

/** Blank means 0 where the server gives a default; `required` makes blank an error instead. */
function numberCheck(field: string, text: string, rule: Rule, required = false): string | null {
  if (!text.trim()) return required ? `${fieldLabel(field)} is required` : null;
  const value = readDecimal(text);
  return value ? rule(field, value) : `${fieldLabel(field)} must be a number`;
}

const money: Rule = (field, value) => {
  const name = fieldLabel(field);
  if (isZero(value)) return null;
  if (value.negative) return `${name} cannot be negative`;
  if (value.fraction.length > 2) return `${name} can have at most 2 decimal places`;
  if (above(value, MAX_MONEY)) return `${name} must be at most ${MAX_MONEY}`;
  return null;
};

const percentLike =
  (limit: bigint): Rule =>
  (field, value) => {
    const name = fieldLabel(field);
    if (value.negative || above(value, limit)) return `${name} must be between 0 and ${limit}`;
    if (value.fraction.length > 4) return `${name} can have at most 4 decimal places`;
    return null;
  };

const percentage = percentLike(100n);
const markup = percentLike(MAX_MARKUP);

const quantity =
  (unit: Unit, mustBePositive: boolean): Rule =>
  (field, value) => {
    const name = fieldLabel(field);
    if (mustBePositive && (value.negative || isZero(value))) return `${name} must be greater than 0`;
    if (value.negative) return `${name} cannot be negative`;
    if (value.fraction.length > 3) return `${name} can have at most 3 decimal places`;
    if (above(value, MAX_QUANTITY)) return `${name} must be at most ${MAX_QUANTITY}`;
    if (unit === 'no' && value.fraction !== '') return `${name} must be a whole number for unit no`;
    return null;
  };

/** Optional; when given, 1 to 64 visible ASCII characters without spaces (what scanners type). */
function barcode(field: string, text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return trimmed.length <= BARCODE_MAX_CHARS && /^[\x21-\x7e]+$/.test(trimmed)
    ? null
    : `${fieldLabel(field)} must be 1 to ${BARCODE_MAX_CHARS} letters, digits or symbols without spaces`;
}

type CoreField = 'categoryName' | 'description' | 'productName' | 'unit' | 'discountType';

/**
 * The core's own rule for a single field: the free text (required names, an optional
 * description of several lines, no control characters) and the unit and discount type.
 */
const coreCheck = (field: CoreField, value: string) => validateField({ field, value })[0]?.message ?? null;

/**
 * The core's rule for a reorder level in the product's unit ("Reorder level must be a whole
 * number for unit no"); blank is no level. It lives in the back office's module, which the
 * product screens load: until it has loaded (or when it cannot), nothing is shown here and the
 * server's message for the same rule is the toast.
 */
function reorderLevelCheck(text: string, unit: Unit): string | null {
  if (!text.trim() || !isBackOfficeCoreReady()) return null;
  return validateReorderLevel({ reorderLevel: text.trim(), unit })[0]?.message ?? null;
}

export function categoryErrors(values: CategoryFields): Errors<keyof CategoryFields> {
  return {
    categoryName: coreCheck('categoryName', values.categoryName),
    description: coreCheck('description', values.description),
    discountRate: numberCheck('discountRate', values.discountRate, percentage),
  };
}

/** The fields a product form or row holds; tax and loyalty only when the session may set them. */
export type ProductField = keyof ProductFields;

export function productErrors(values: Partial<ProductFields> & Pick<ProductFields, 'unit' | 'discountType'>): Errors<ProductField> {
  const checked = <F extends ProductField>(field: F, check: (text: string) => string | null) =>
    values[field] === undefined ? null : check(String(values[field]));
  const unit = coreCheck('unit', values.unit);
  const errors: Errors<ProductField> = {
    productName: checked('productName', (text) => coreCheck('productName', text)),
    barcodeNumber: checked('barcodeNumber', (text) => barcode('barcodeNumber', text)),
    category: checked('category', (text) => (text.trim() ? null : 'Choose a category')),
    unit,
    quantity: checked('quantity', (text) => numberCheck('quantity', text, quantity(values.unit, false))),
    // Counted in the unit: checked only once the unit itself is one.
    reorderLevel: unit ? null : checked('reorderLevel', (text) => reorderLevelCheck(text, values.unit)),
    costPrice: checked('costPrice', (text) => numberCheck('costPrice', text, money)),
    costPriceProfit: checked('costPriceProfit', (text) => numberCheck('costPriceProfit', text, markup)),
    sellingPrice: checked('sellingPrice', (text) => numberCheck('sellingPrice', text, money)),
    discountType: coreCheck('discountType', values.discountType),
    discount: checked('discount', (text) => numberCheck('discount', text, values.discountType === 'flat' ? money : percentage)),
    productTax: checked('productTax', (text) => numberCheck('productTax', text, percentage)),
    loyaltyRate: checked('loyaltyRate', (text) => numberCheck('loyaltyRate', text, percentage)),
  };
  // A product must sell for something: a selling price, or a cost price to mark up.
  if (values.costPrice !== undefined && values.sellingPrice !== undefined && !errors.costPrice && !errors.sellingPrice) {
    const noPrice = (text: string) => !text.trim() || isZero(readDecimal(text)!);
    if (noPrice(values.costPrice) && noPrice(values.sellingPrice)) {
      errors.sellingPrice = 'Selling price or cost price must be greater than 0';
    }
  }
  return errors;
}

export function customProductErrors(values: CustomProductFields): Errors<keyof CustomProductFields> {
  return {
    productName: coreCheck('productName', values.productName),
    unit: coreCheck('unit', values.unit),
    quantity: numberCheck('quantity', values.quantity, quantity(values.unit, true), true),
    sellingPrice: numberCheck(
      'sellingPrice',
      values.sellingPrice,
      (field, value) => money(field, value) ?? (isZero(value) ? 'Selling price must be greater than 0' : null),
      true,
    ),
  };
}

/** The shop-wide loyalty rate: required, 0 to 100. */
export const loyaltyRateError = (text: string) => numberCheck('loyaltyRate', text, percentage, true);

/** Every text value trimmed, as it is sent. */
export function trimmed<T extends object>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
  ) as T;
}
