/**
 * Test helpers for the offline library: a fresh IndexedDB per test, a clock driven by hand, a
 * status sink that records, and a fake server behind `fetch` that keeps Idempotency-Keys the
 * way server/src/http/idempotency.rs does (a replay answers the first answer).
 */
import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { vi } from 'vitest';
import type { RejectedCommand } from '../../stores/sync-status-store';
import type { Clock } from './clock';
import { localDbName, openLocalDb } from './local-db';
import { tillRequest, type TillAction, type TillInvoiceBody, type TillPaymentBody, type TillRequest } from './till-actions';
import type { Product, StoredCommand } from './types';

let dbCount = 0;

/** A command's action that is just a request, for tests of the queue that care about no till route. */
export const request = (method: TillRequest['method'], path: string, body?: unknown): TillAction => ({ type: 'request', method, path, body });

/** A till action about invoice `invoiceRef` whose payload stands in for the real one. */
export const saveInvoice = (invoiceRef: string, payload: object = {}): TillAction => ({ type: 'saveInvoice', invoiceRef, payload: payload as TillInvoiceBody });
export const payInvoice = (invoiceRef: string, payload: object = {}): TillAction => ({ type: 'payInvoice', invoiceRef, payload: payload as TillPaymentBody });

/** What a stored command sends: its request's body. */
export const bodyOf = (command: Pick<StoredCommand, 'action'>) => tillRequest(command.action).body;

/**
 * The shop's local database as versions 2 and 3 laid it out (before the products change log),
 * in an IndexedDB of its own, for upgrade tests: `options` opens the upgraded one in the same place.
 */
export function databaseBeforeTheLog(shopId: string, version: 2 | 3) {
  const options = { indexedDB: new IDBFactory(), IDBKeyRange };
  const old = new Dexie(localDbName(shopId), options);
  old.version(version).stores({
    products: '_id, barcodeNumber, productName, category._id',
    categories: '_id, categoryName',
    customers: '_id, phoneNumber, customerName',
    syncState: 'resource',
    outbox: '++seq, &id, state',
    invoices: '_id, status, updatedAt, customer._id',
    invoiceNumbers: 'ref',
    device: 'key',
  });
  return { old, options };
}

/** A product row of the local table, 2.00 by the piece with 10 in stock, as `changes` say otherwise. */
export function localProduct(changes: Pick<Product, '_id' | 'productName'> & Partial<Product>): Product {
  return {
    product_id: `P-${changes._id}`,
    barcodeNumber: `b-${changes._id}`,
    category: { _id: 'cat-1', categoryName: 'Drinks' },
    quantity: 10,
    unit: 'no',
    costPrice: 1,
    costPriceProfit: 0,
    sellingPrice: 2,
    pricedFromCost: false,
    discount: 0,
    discountType: 'percentage',
    productTax: 0,
    loyaltyRate: 0,
    price: 2,
    createdAt: 1,
    updatedAt: 1,
    ...changes,
  };
}

/** A database of its own, in an IndexedDB of its own. */
export function freshDb(shopId = `shop-${++dbCount}`) {
  return openLocalDb(shopId, { indexedDB: new IDBFactory(), IDBKeyRange });
}

/** Time that moves only when the test says; timers fire in time order on `advance`. */
export class FakeClock implements Clock {
  private time = 1_700_000_000_000;
  private timers: { id: number; at: number; run: () => void }[] = [];
  private nextId = 1;
  randomValue = 0.5;

  now = () => this.time;
  random = () => this.randomValue;

  setTimeout = (run: () => void, delayMs: number) => {
    const id = this.nextId++;
    this.timers.push({ id, at: this.time + delayMs, run });
    return id;
  };

  clearTimeout = (handle: unknown) => {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  };

  /** When the earliest timer is due, or undefined when none is set. */
  nextTimerAt(): number | undefined {
    return this.timers.length ? Math.min(...this.timers.map((timer) => timer.at)) : undefined;
  }

  advance(ms: number) {
    const until = this.time + ms;
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.time = due.at;
      due.run();
    }
    this.time = until;
  }
}

/** A status sink that records what the engine tells the cashier. */
export function recordingStatus() {
  const state = { pendingCount: -1, lastSyncAt: null as number | null, rejected: [] as RejectedCommand[], online: true };
  return {
    state,
    setPendingCount: (count: number) => void (state.pendingCount = count),
    markSynced: (at: number) => void (state.lastSyncAt = at),
    setRejected: (rejected: RejectedCommand[]) => void (state.rejected = rejected),
    addRejected: (rejected: RejectedCommand) => void (state.rejected = [...state.rejected, rejected]),
    setOnline: (online: boolean) => void (state.online = online),
  };
}

export function envelope(status: number, data: unknown, message = status < 300 ? 'ok' : 'refused'): Response {
  return new Response(JSON.stringify({ success: status < 300, message, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export interface SeenRequest {
  method: string;
  url: string;
  key: string | null;
  body: unknown;
}

/**
 * What the fake server does with one request: answer with a Response (kept for replays when it
 * is a 2xx or 4xx, like the real layer), `'cut'` (the work is done and kept but the answer is
 * lost on the way back), or `'unreachable'` (nothing arrives).
 */
export type Plan = Response | 'cut' | 'unreachable';

/**
 * A fetch that applies each Idempotency-Key once. `plan` is asked first for every request:
 * `'unreachable'` means nothing arrives; otherwise a kept answer is replayed, or the request is
 * new and the plan's answer (or cut) is its fate.
 */
export function idempotentServer(plan: (request: SeenRequest, applied: number) => Plan) {
  const seen: SeenRequest[] = [];
  const kept = new Map<string, Response>();
  const applied: SeenRequest[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const headers = new Headers(init?.headers);
    const request: SeenRequest = {
      method: init?.method ?? 'GET',
      url: String(input),
      key: headers.get('Idempotency-Key'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    seen.push(request);
    const outcome = plan(request, applied.length);
    if (outcome === 'unreachable') throw new TypeError('Failed to fetch');
    const replay = request.key ? kept.get(request.key) : undefined;
    if (replay) return replay.clone();
    const answer = outcome === 'cut' ? envelope(200, { applied: applied.length + 1 }) : outcome;
    if (answer.status < 300) applied.push(request);
    if (answer.status < 500 && request.key) kept.set(request.key, answer.clone());
    if (outcome === 'cut') throw new TypeError('Failed to fetch');
    return answer;
  });
  return { fetchMock, seen, applied };
}
