/**
 * The rows of the catalogue's large-row tables (local-db.ts, versions 4 and 5): the snapshot's
 * parts and meta row (catalog-snapshot.ts) and a first pull's staged pages and pending table
 * fill (catalog-fill.ts). Their shapes live here, apart from the code that writes them, so the
 * database's definition and both writers read them without importing each other.
 */
import type { Table } from 'dexie';
import type { Product } from './types';

/** One page of a first pull of products, as the server sent it. */
export interface StagedPage {
  cursor: number;
  rows: Product[];
  deleted: string[];
}

/**
 * The fill still owed to the snapshot `asOf`: parts `next` to `parts - 1` are not copied yet,
 * but for the first `offset` rows of part `next`.
 */
export interface FillState {
  key: typeof FILL_STATE_KEY;
  asOf: number;
  size: number;
  parts: number;
  next: number;
  offset?: number;
}

/** Which part holds each product whose id, or barcode, falls in this bucket. */
export interface FillBucket {
  key: number;
  ids: Map<string, number>;
  barcodes: Map<string, number[]>;
}

export type CatalogFillRow = FillState | FillBucket;

export const FILL_STATE_KEY = 0;
/** Whether the row is the fill's state (the other rows are its buckets). */
export const isFillState = (row: CatalogFillRow | undefined): row is FillState => row !== undefined && row.key === FILL_STATE_KEY;

/** Whether a table fill is pending (no snapshot may be written over it). */
export async function fillPending(db: { catalogFill: Table<CatalogFillRow, number> }): Promise<boolean> {
  return isFillState(await db.catalogFill.get(FILL_STATE_KEY));
}

export type SnapshotKey = [asOf: number, size: number, part: number];
export const META_KEY: SnapshotKey = [0, 0, 0];

export interface SnapshotMeta {
  key: SnapshotKey;
  asOf: number;
  size: number;
  parts: number;
  count: number;
}

export interface SnapshotPart {
  key: SnapshotKey;
  products: Product[];
}

export type CatalogSnapshotRow = SnapshotMeta | SnapshotPart;
