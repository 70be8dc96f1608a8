/**
 * The parts a cashier took at the counter before the card paid the rest, remembered for the
 * invoice (by its server id) while the browser is away on Stripe's checkout. Stripe's cancel page
 * has to say what was taken (the cash and the swipe are in the drawer or on the terminal, with
 * nothing recorded); the dialog that held them is gone by then. Kept in this tab's
 * sessionStorage: the return comes back to the same tab, and nothing outlives it.
 */
import type { TillPaymentMethod } from '../local/payment-commands';

/** A part as it was taken: a cash amount is what the customer handed over. */
export interface PartTaken {
  method: TillPaymentMethod;
  amount: string;
  card?: string;
}

const keyOf = (invoiceId: string) => `pos.partsBeforeCard.${invoiceId}`;

const METHODS: readonly string[] = ['cash', 'internal-device', 'store-credit', 'gift-card'] satisfies TillPaymentMethod[];

/** The storage, or null where there is none (a private window that refuses it, a test without one). */
function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function isPart(value: unknown): value is PartTaken {
  if (typeof value !== 'object' || value === null) return false;
  const { method, amount, card } = value as Record<string, unknown>;
  return typeof method === 'string' && METHODS.includes(method) && typeof amount === 'string' && (card === undefined || typeof card === 'string');
}

/** Remembers the parts taken before the card for the invoice; none forgets any remembered before. */
export function rememberPartsBeforeCard(invoiceId: string, parts: readonly PartTaken[]) {
  const kept = storage();
  if (!kept) return;
  try {
    if (parts.length === 0) kept.removeItem(keyOf(invoiceId));
    else kept.setItem(keyOf(invoiceId), JSON.stringify(parts.map(({ method, amount, card }) => ({ method, amount, ...(card ? { card } : {}) }))));
  } catch {
    // A full or refused storage only costs the return page its list of parts.
  }
}

/** The parts remembered for the invoice, in the order taken; [] when none (or unreadable). */
export function partsBeforeCard(invoiceId: string): PartTaken[] {
  const text = storage()?.getItem(keyOf(invoiceId));
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) && parsed.every(isPart) ? parsed : [];
  } catch {
    return [];
  }
}

/** Forgets them: the card payment has been paid or cancelled and the page has said so. */
export function forgetPartsBeforeCard(invoiceId: string) {
  try {
    storage()?.removeItem(keyOf(invoiceId));
  } catch {
    // Nothing to forget where nothing could be kept.
  }
}
