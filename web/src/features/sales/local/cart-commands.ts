/**
 * The cashier's changes to an open invoice, local-first (docs/offline.md):
 * each writes the local invoice at once, priced by the core, and queues its command in the same
 * transaction; the sync engine sends it, online or later. The checks are the server's, with its
 * messages, made against the LOCAL catalogue (stock, quantity rules, the redemption limit).
 */
import { productWithBarcode, type LocalTables, type LocalInvoice, type Product } from '@/features/offline';
import type { CustomProduct } from '@/features/catalog';
import type { InvoiceCustomer } from '@/types/invoice';
import { decimalOf } from '@/types/invoice-wire';
import { changeInvoice, openInvoice, Unchanged, type ChangeResult } from './invoice-change';
import { lineFromProduct, notEnoughStock, priceInvoice, quantityError, stockCovers } from './invoice-pricing';
import { canonicalDecimal, compareDecimal, sumDecimal } from '@/lib/decimal-text';
import { nextProvisionalNumber } from './provisional-number';
import { invoiceBody } from './till-requests';
import { nowOf, TillRefusal, type TillData } from './till-data';

export const PRODUCT_NOT_FOUND = 'Product not found';
export const PRODUCT_NOT_IN_INVOICE = 'Product is not in this invoice';
export const CART_EMPTY_ON_SAVE = 'The cart is empty: add a product before saving it';
export const PAID_NOT_DELETED = 'A paid invoice cannot be deleted';

/** Who rings a cart up, as invoices name them (`staff`, `staffId`). */
export interface Seller {
  staffId: string | null;
  /** "Hassan (staff)": see `sellerLabel`. */
  staff: string;
}

/** A user as every invoice names them: their name and role, "Hassan (staff)". */
export const sellerLabel = (userName: string, role: string) => (role ? `${userName} (${role})` : userName);

export interface NewCart {
  customer: InvoiceCustomer;
  staff: Seller;
  /** The cashier's cart held until now: reused when it is an empty active cart (no orphan). */
  heldRef?: string | null;
}

/** A new active cart for the customer, or the held empty cart switched to them. */
export async function createCart(data: TillData, { customer, staff, heldRef }: NewCart): Promise<LocalInvoice> {
  const held = heldRef ? await data.db.invoices.get(heldRef) : undefined;
  if (held && held.status === 'active' && held.products.length === 0) {
    const { invoice } = await changeInvoice(data, 'createCart', held.ref, (invoice) => ({ ...invoice, customer, ...staff }));
    return invoice;
  }
  const ref = crypto.randomUUID();
  let created: LocalInvoice | null = null;
  await data.engine.enqueue(
    { kind: 'createCart', action: () => ({ type: 'saveInvoice', invoiceRef: ref, payload: invoiceBody(created!) }) },
    async (tables) => {
      const now = nowOf(data);
      created = emptyInvoice(ref, await nextProvisionalNumber(data.db), customer, staff, now);
      await tables.put('invoices', created);
    },
  );
  return created!;
}

function emptyInvoice(ref: string, provisionalNumber: string, customer: InvoiceCustomer, staff: Seller, now: number): LocalInvoice {
  return {
    _id: ref,
    ref,
    provisionalNumber,
    serverId: null,
    origin: 'till',
    invoiceNumber: '',
    status: 'active',
    createdAt: now,
    updatedAt: now,
    paidAt: null,
    ...staff,
    customer,
    customerDetailsCustom: null,
    products: [],
    subTotal: '0',
    totalDiscount: '0',
    totalTax: '0',
    redeemAmount: '0',
    totalAmount: '0',
    pointsEarned: '0',
    refundedAmount: '0',
    paymentMethod: null,
    cardStatus: null,
  };
}

/**
 * How the cashier named the product: by its id, or by a scanned barcode. A scan, a tile tapped
 * again (`oneMore`) and SPEC's add of a product already on a line differ only in the quantity:
 * a scan and `oneMore` add one to the line, an add by id without it SETS the line's quantity.
 */
export type ProductChoice = { productId: string; oneMore?: boolean } | { barcodeNumber: string };

async function findProduct(data: TillData, tables: LocalTables, choice: ProductChoice): Promise<Product> {
  const product =
    'productId' in choice
      ? await tables.get('products', choice.productId)
      : await productWithBarcode(data.db, choice.barcodeNumber);
  if (!product) throw new TillRefusal('productId' in choice ? PRODUCT_NOT_FOUND : unknownBarcode(choice.barcodeNumber));
  return product;
}

/** A scan of a code no product of the shop has: SPEC's "Product not found", naming the code. */
export const unknownBarcode = (code: string) => `${PRODUCT_NOT_FOUND}: no product has the barcode ${code}`;

/** The quantity as typed, checked, in its plain text ("1.250" -> "1.25"), as lines keep it. */
function checkedQuantity(text: string, product: Pick<Product, 'unit'>): string {
  const problem = quantityError(text, product.unit);
  if (problem) throw new TillRefusal(problem);
  return canonicalDecimal(text);
}

/**
 * `POST /invoice/{id}/products`'s rules, locally: a new line priced from the local catalogue,
 * or (the product again) its quantity set to `quantity`, or one more (a scan, a tile tapped
 * again); never over the local stock.
 */
export function addLine(data: TillData, ref: string, choice: ProductChoice, quantity = '1'): Promise<ChangeResult> {
  return changeInvoice(data, 'addLine', ref, async (invoice, tables) => {
    const product = await findProduct(data, tables, choice);
    const category = await tables.get('categories', product.category._id);
    const oneMore = 'barcodeNumber' in choice || choice.oneMore === true;
    return withProductAdded(invoice, product, category?.discountRate ?? 0, oneMore, quantity);
  });
}

/** addLine's rules applied to an invoice in hand: the edited invoice (not yet priced), or Unchanged / a refusal. */
export function withProductAdded(
  invoice: LocalInvoice,
  product: Product,
  categoryDiscountRate: number | string,
  oneMore: boolean,
  quantity = '1',
): LocalInvoice {
  const sent = checkedQuantity(quantity, product);
  const line = invoice.products.find((candidate) => candidate.productId === product._id);
  const wanted = line && oneMore ? checkedQuantity(sumDecimal([line.quantity, sent]), product) : sent;
  if (line?.customProduct || (line && compareDecimal(line.quantity, wanted) === 0)) throw new Unchanged(invoice);
  if (!stockCovers(product, wanted)) throw new TillRefusal(notEnoughStock(product));
  if (line) return withLines(invoice, invoice.products.map((old) => (old === line ? { ...old, quantity: wanted } : old)));
  return withLines(invoice, [...invoice.products, lineFromProduct(product, categoryDiscountRate, wanted)]);
}

/**
 * What the cart will look like once addLine is written, priced by the core, computed at once from
 * the invoice and the product on screen, so the new total shows in the frame of the tap
 * (re-pricing <= 16 ms end to end, docs/benchmarks.md) while the change and its command are
 * written to IndexedDB.
 * Null when the add would change nothing or be refused: addLine itself then says so.
 */
export function previewAddLine(
  invoice: LocalInvoice,
  product: Product,
  categoryDiscountRate: number,
  oneMore: boolean,
  now: number,
): LocalInvoice | null {
  try {
    return { ...priceInvoice(withProductAdded(invoice, product, categoryDiscountRate, oneMore)), updatedAt: now, origin: 'till' };
  } catch (error) {
    if (error instanceof Unchanged || error instanceof TillRefusal) return null;
    throw error;
  }
}

/**
 * A custom product (made online by `POST /custom-product/create`) on a line of its own, sold in
 * the quantity it was made with, at its selling price, with no discount, tax or points.
 */
export function addCustomLine(data: TillData, ref: string, product: CustomProduct): Promise<ChangeResult> {
  return changeInvoice(data, 'addLine', ref, (invoice) => {
    if (invoice.products.some((line) => line.productId === product._id)) throw new Unchanged(invoice);
    const line = lineFromProduct(
      {
        ...product,
        barcodeNumber: '',
        category: { _id: '', categoryName: '' },
        costPrice: 0,
        costPriceProfit: 0,
        pricedFromCost: false,
        discount: 0,
        discountType: 'percentage',
        productTax: 0,
        loyaltyRate: 0,
        price: product.sellingPrice,
        createdAt: 0,
        updatedAt: 0,
      },
      0,
      decimalOf(product.quantity),
      true,
    );
    return withLines(invoice, [...invoice.products, line]);
  });
}

/** A line's new quantity, as typed ("1.250"). */
export function setQuantity(data: TillData, ref: string, productId: string, quantity: string): Promise<ChangeResult> {
  return changeInvoice(data, 'setQuantity', ref, async (invoice, tables) => {
    const line = invoice.products.find((candidate) => candidate.productId === productId);
    if (!line) throw new TillRefusal(PRODUCT_NOT_IN_INVOICE);
    const wanted = checkedQuantity(quantity, line);
    if (line.customProduct || compareDecimal(line.quantity, wanted) === 0) throw new Unchanged(invoice);
    // A product deleted from the catalogue meanwhile is still sold (the server accepts it).
    const product = await tables.get('products', productId);
    if (product && !stockCovers(product, wanted)) throw new TillRefusal(notEnoughStock(product));
    return withLines(invoice, invoice.products.map((old) => (old === line ? { ...old, quantity: wanted } : old)));
  });
}

export function removeLine(data: TillData, ref: string, productId: string): Promise<ChangeResult> {
  return changeInvoice(data, 'removeLine', ref, (invoice) => {
    if (!invoice.products.some((line) => line.productId === productId)) throw new TillRefusal(PRODUCT_NOT_IN_INVOICE);
    return withLines(invoice, invoice.products.filter((line) => line.productId !== productId));
  });
}

/** Every line and the redemption go. */
export function clearCart(data: TillData, ref: string): Promise<ChangeResult> {
  return changeInvoice(data, 'clearCart', ref, (invoice) => ({ ...invoice, products: [], redeemAmount: '0' }));
}

/** Active or saved -> saved (an open order); an empty cart is refused. */
export function saveOpenOrder(data: TillData, ref: string): Promise<ChangeResult> {
  return changeInvoice(data, 'saveOpenOrder', ref, (invoice) => {
    if (invoice.products.length === 0) throw new TillRefusal(CART_EMPTY_ON_SAVE);
    return { ...invoice, status: 'saved' };
  });
}

/** Deletes an open order here and on the server; a paid invoice is kept. */
export async function deleteOpenOrder(data: TillData, ref: string): Promise<void> {
  await data.engine.enqueue({ kind: 'deleteOpenOrder', action: { type: 'deleteInvoice', invoiceRef: ref } }, async (tables) => {
    const invoice = await tables.get('invoices', ref);
    if (invoice && (invoice.status === 'paid' || invoice.status === 'refunded')) throw new TillRefusal(PAID_NOT_DELETED);
    if (invoice) await openInvoice(tables, ref);
    await tables.delete('invoices', ref);
  });
}

function withLines(invoice: LocalInvoice, products: LocalInvoice['products']): LocalInvoice {
  return { ...invoice, products };
}
