/**
 * The delivery form's lines and what core says of them before anything is sent: each line's
 * cost, the product's stock and cost per unit after it, and the delivery's total
 * (`receiveDelivery`, the rule the server applies when it receives the delivery).
 */
import type { Product } from '@/features/catalog';
import { CoreError } from '@/lib/core';
import { receiveDelivery, type Delivery } from '@/lib/core-back-office';
import type { CsvDeliveryLine, DeliveryLineRequest } from './api/receivings-api';

/** What a line knows of its product: its stock and cost now are unknown for one the catalogue list lacks. */
export type ReceivingProduct = Pick<Product, '_id' | 'product_id' | 'productName' | 'barcodeNumber' | 'unit'> & {
  quantity: number | null;
  costPrice: number | null;
};

export interface ReceivingLineDraft {
  /** Stable across edits and removals, for React and for focusing a new line's quantity. */
  key: string;
  product: ReceivingProduct;
  quantity: string;
  unitCost: string;
}

export type DeliveryPreview =
  | { status: 'incomplete' }
  | { status: 'ready'; delivery: Delivery }
  | { status: 'refused'; message: string; field: string | undefined };

let nextKey = 0;
export const newLineKey = () => `line-${(nextKey += 1)}`;

export const lineFor = (product: ReceivingProduct, quantity = '', unitCost = ''): ReceivingLineDraft => ({
  key: newLineKey(),
  product,
  quantity,
  unitCost,
});

/** A CSV line as a form line: its product from the catalogue list when there. */
export function lineFromCsv(line: CsvDeliveryLine, products: readonly ReceivingProduct[]): ReceivingLineDraft {
  const known = products.find((product) => product._id === line.productId);
  const product: ReceivingProduct = known ?? {
    _id: line.productId,
    product_id: '',
    productName: line.productName,
    barcodeNumber: '',
    unit: line.unit,
    quantity: null,
    costPrice: null,
  };
  return lineFor(product, String(line.quantity), String(line.unitCost));
}

/**
 * Core's delivery for the lines: incomplete while a line lacks its quantity or cost (or its
 * product's stock is unknown), else core's answer or its refusal (e.g. "Supplier is required",
 * "Line 2: quantity must be greater than 0").
 */
export function previewDelivery(supplier: string, reference: string, lines: readonly ReceivingLineDraft[]): DeliveryPreview {
  const complete = lines.every(
    (line) => line.quantity.trim() && line.unitCost.trim() && line.product.quantity !== null && line.product.costPrice !== null,
  );
  if (lines.length === 0 || !complete) return { status: 'incomplete' };
  try {
    const delivery = receiveDelivery({
      supplier: supplier.trim(),
      reference: reference.trim() || null,
      lines: lines.map((line) => ({
        productId: line.product._id,
        unit: line.product.unit,
        onHand: line.product.quantity ?? 0,
        unitCost: line.product.costPrice ?? 0,
        quantity: line.quantity.trim(),
        cost: line.unitCost.trim(),
      })),
    });
    return { status: 'ready', delivery };
  } catch (error) {
    if (error instanceof CoreError) return { status: 'refused', message: error.message, field: error.field };
    throw error;
  }
}

export const deliveryLines = (lines: readonly ReceivingLineDraft[]): DeliveryLineRequest[] =>
  lines.map((line) => ({ productId: line.product._id, quantity: line.quantity.trim(), unitCost: line.unitCost.trim() }));
