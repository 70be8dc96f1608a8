/**
 * What the till's screens read from the local tables (docs/offline.md: the product grid, search,
 * barcode, categories, the customer lookup, the cart and the open orders all read locally,
 * online and offline alike). An invoice is shown with the server's number once reconcile has
 * stored it, else with its provisional number.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  pendingScope, productWithBarcode, followLocalProducts, type TillDb, type Category, type Customer,
  type InvoiceNumberRow, type LocalInvoice, type Product,
} from '@/features/offline';
import { shownNumber } from './provisional-number';
import { availablePoints } from './redemption';
import { useLiveQuery, type LiveResult } from './use-live-query';
import type { TillData } from './till-data';

/** The invoice as the screens show it: the server's number and id joined in when known. */
export function viewOf(invoice: LocalInvoice, number: InvoiceNumberRow | undefined): LocalInvoice {
  const numbered = number
    ? { ...invoice, invoiceNumber: number.invoiceNumber, serverId: number.serverId, receiptNumber: number.receiptNumber ?? invoice.receiptNumber ?? null }
    : invoice;
  return { ...numbered, invoiceNumber: shownNumber(numbered) };
}

/** One invoice with its number and its customer's redeemable points, or null when it is gone. */
export async function readInvoice(db: TillDb, ref: string): Promise<LocalInvoice | null> {
  const invoice = await db.invoices.get(ref);
  if (!invoice) return null;
  const view = viewOf(invoice, await db.invoiceNumbers.get(ref));
  const customer = view.customer;
  if (!customer || (view.status !== 'active' && view.status !== 'saved')) return view;
  return { ...view, customer: { ...customer, loyalityPoint: await availablePoints(db, customer._id) } };
}

export function useLocalInvoice(data: TillData | null, ref: string | null): LiveResult<LocalInvoice | null> {
  return useLiveQuery(data && ref ? () => readInvoice(data.db, ref) : null, [data, ref]);
}

/** The saved invoices (open orders), newest first, with their numbers. */
export async function readOpenOrders(db: TillDb): Promise<LocalInvoice[]> {
  const saved = await db.invoices.where('status').equals('saved').toArray();
  const numbers = await db.invoiceNumbers.bulkGet(saved.map((invoice) => invoice.ref));
  return saved
    .map((invoice, index) => viewOf(invoice, numbers[index]))
    .sort((a, b) => b.createdAt - a.createdAt || b.updatedAt - a.updatedAt);
}

export function useOpenOrders(data: TillData | null): LiveResult<LocalInvoice[]> {
  return useLiveQuery(data ? () => readOpenOrders(data.db) : null, [data]);
}

export interface LocalCatalog {
  categories: Category[];
  /** In name order. */
  products: readonly Product[];
}

/**
 * The local products, live: read from the catalogue snapshot and its log, then kept current
 * from the log's new entries alone (offline/catalog-snapshot.ts), so a sale's stock or a pull
 * costs the rows it changed, not a read of the whole table.
 */
export function useLocalProducts(data: TillData | null): LiveResult<readonly Product[]> {
  const [latest, setLatest] = useState<{ data: TillData; result: LiveResult<readonly Product[]> } | null>(null);
  useEffect(() => {
    if (!data) return;
    const follower = followLocalProducts(data.db, (local) => setLatest({ data, result: { status: 'ready', data: local.products } }), {
      onError: (error) => {
        console.error('The local catalogue could not be read', error);
        setLatest({ data, result: { status: 'error', error } });
      },
    });
    return () => follower.stop();
  }, [data]);
  if (!data || !latest || latest.data !== data) return loading;
  return latest.result;
}

const loading: LiveResult<never> = { status: 'loading' };

export function useLocalCatalog(data: TillData | null): LiveResult<LocalCatalog> {
  const categories = useLiveQuery(data ? () => data.db.categories.orderBy('categoryName').toArray() : null, [data]);
  const products = useLocalProducts(data);
  return useMemo((): LiveResult<LocalCatalog> => {
    if (categories.status === 'error') return categories;
    if (products.status === 'error') return products;
    if (categories.status !== 'ready' || products.status !== 'ready') return loading;
    return { status: 'ready', data: { categories: categories.data, products: products.data } };
  }, [categories, products]);
}

/** A customer the till added itself, still under its client ref (a UUID) rather than the server's id. */
const isTillRef = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/**
 * The shop's customer with this phone number, from the local table (null: none). A customer
 * added at this till offline has two rows once a pull brings the server's: the server's is
 * preferred, as it carries the live points balance.
 */
/** The shop's walk-in customer (the only one with no phone number), once the till has pulled it. */
export async function walkInCustomer(db: TillDb): Promise<Customer | null> {
  const matches = await db.customers.where('phoneNumber').equals('').toArray();
  return matches.find((customer) => customer.walkIn === true) ?? null;
}

export async function customerByPhone(db: TillDb, phoneNumber: string): Promise<Customer | null> {
  const matches = await db.customers.where('phoneNumber').equals(phoneNumber).toArray();
  return matches.find((customer) => !isTillRef(customer._id)) ?? matches[0] ?? null;
}

/** The product with this barcode, from the table or, while it is being filled, the snapshot (catalog-fill.ts). */
export const productByBarcode = async (db: TillDb, barcodeNumber: string) =>
  (await db.transaction('r', [db.products, ...pendingScope(db)], () => productWithBarcode(db, barcodeNumber))) ?? null;
