/**
 * Receiving a supplier's delivery into stock (docs/api-stock.md, "Receiving"): the deliveries
 * newest first, one delivery, receiving one, and reading a delivery note's CSV into lines to
 * review. Quantities and costs go out as typed; money comes back as JSON numbers with exact digits.
 */
import { api } from '@/lib/api-client';
import type { Unit } from '@/lib/core';

export const deliveriesFetchFailed = 'Failed to fetch deliveries!';
export const deliveryFetchFailed = 'Failed to fetch delivery!';
export const deliveryReceiveFailed = 'Failed to receive delivery!';
export const deliveryCsvReadFailed = 'Failed to read the delivery CSV!';

/** Deliveries per page of the list. */
export const DELIVERIES_PAGE_SIZE = 50;

/** A line as the form sends it: quantity in the product's unit, cost per unit. */
export interface DeliveryLineRequest {
  productId: string;
  quantity: string;
  unitCost: string;
}

export interface DeliveryRequest {
  supplier: string;
  reference: string;
  note: string;
  /** The form's own key: the same ref sent again records the delivery once. */
  ref: string;
  lines: DeliveryLineRequest[];
}

/** A line received: the product's cost per unit before and after, and its stock after. */
export interface ReceivedLine {
  productId: string;
  productName: string;
  unit: Unit;
  quantity: number;
  unitCost: number;
  lineCost: number;
  costBefore: number;
  costAfter: number;
  quantityAfter: number;
}

export interface Delivery {
  _id: string;
  supplier: string;
  reference: string;
  note: string;
  ref: string;
  userName: string;
  createdAt: number;
  totalCost: number;
  lines: ReceivedLine[];
}

/** A delivery in the list: `lines` is how many it had. */
export interface DeliverySummary {
  _id: string;
  supplier: string;
  reference: string;
  userName: string;
  createdAt: number;
  lines: number;
  totalCost: number;
}

export interface DeliveriesPage {
  rows: DeliverySummary[];
  more: boolean;
}

/** A CSV row read into a line; `row` is its number in the file. */
export interface CsvDeliveryLine {
  row: number;
  productId: string;
  productName: string;
  unit: Unit;
  quantity: number;
  unitCost: number;
}

export interface CsvRowError {
  row: number;
  message: string;
}

export interface DeliveryCsvReading {
  lines: CsvDeliveryLine[];
  errors: CsvRowError[];
}

/** Newest first; `before` the last `_id` of the page shown, for the one after it. */
export function listDeliveries(before: string | null, signal?: AbortSignal): Promise<DeliveriesPage> {
  const query = new URLSearchParams({ limit: String(DELIVERIES_PAGE_SIZE) });
  if (before) query.set('before', before);
  return api.get<DeliveriesPage>(`/stock/receivings?${query.toString()}`, { fallbackMessage: deliveriesFetchFailed, signal });
}

export const getDelivery = (id: string, signal?: AbortSignal) =>
  api.get<Delivery>(`/stock/receivings/${encodeURIComponent(id)}`, { fallbackMessage: deliveryFetchFailed, signal });

/** 201 with the delivery received; 200 with the one already recorded under the same ref. */
export const sendDelivery = (request: DeliveryRequest) =>
  api.post<Delivery>('/stock/receivings', request, { fallbackMessage: deliveryReceiveFailed });

/** The CSV's text read by the server into lines and row errors; nothing is stored. */
export const readDeliveryCsv = (csvText: string) =>
  api.post<DeliveryCsvReading>('/stock/receivings/read-csv', new Blob([csvText], { type: 'text/csv' }), {
    fallbackMessage: deliveryCsvReadFailed,
  });
