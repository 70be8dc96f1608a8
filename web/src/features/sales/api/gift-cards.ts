/**
 * Gift cards (docs/api-gift-cards.md): a card's balance with its ledger, and selling or loading a
 * card at the till. Money comes as JSON numbers with 2 decimals and is kept as their exact
 * decimal text from here on; it goes out as the text typed.
 */
import { api, ApiError } from '@/lib/api-client';
import { messages } from '@/config/messages';
import type { Decimal } from '@/types/invoice';
import { decimalOf } from '@/types/invoice-wire';

/** How a card was paid for. */
export type GiftCardLoadMethod = 'cash' | 'internal-device';

export type GiftCardEntryKind = 'sold' | 'load' | 'payment' | 'refund';

/** One row of a card's ledger; `amount` is negative for a payment. */
export interface GiftCardEntry {
  _id: string;
  kind: GiftCardEntryKind;
  amount: Decimal;
  /** The sale a payment or a refund belongs to. */
  invoiceId: string | null;
  /** How a sale or a load of the card was paid; null for the other kinds. */
  method: GiftCardLoadMethod | null;
  createdAt: string;
}

export interface GiftCard {
  number: string;
  balance: Decimal;
  createdAt: string;
}

/** A card with its newest ledger rows, newest first. */
export interface GiftCardLedger extends GiftCard {
  entries: GiftCardEntry[];
}

/** A sale or load as sent: the amount as typed text, and the client's key so a resend lands once. */
export interface GiftCardLoadBody {
  number: string;
  amount: string;
  method: GiftCardLoadMethod;
  ref: string;
  /** The till's open shift: a cash sale of a card goes into its drawer as a pay in. */
  shiftRef?: string;
}

type Wire<Row> = Omit<Row, 'amount' | 'balance'> & { amount?: number; balance?: number };

const entryFromWire = (entry: Wire<GiftCardEntry>): GiftCardEntry => ({ ...entry, amount: decimalOf(entry.amount) }) as GiftCardEntry;
const cardFromWire = <Card extends GiftCard>(card: Wire<Card>): Card => ({ ...card, balance: decimalOf(card.balance) }) as Card;

const cardPath = (number: string) => `/gift-card/${encodeURIComponent(number)}`;

/** The card and its ledger; 404 when the shop has no card of that number. */
export const getGiftCard = (number: string, signal?: AbortSignal) =>
  api
    .get<Wire<GiftCardLedger> & { entries: Wire<GiftCardEntry>[] }>(cardPath(number), { fallbackMessage: messages.giftCardLoadFailed, signal })
    .then((card) => ({ ...cardFromWire<GiftCardLedger>(card), entries: (card.entries ?? []).map(entryFromWire) }));

/**
 * The card's ledger, or null when the shop has no such card (404), so the till can say so
 * instead of reporting a failure.
 */
export async function findGiftCard(number: string, signal?: AbortSignal): Promise<GiftCardLedger | null> {
  try {
    return await getGiftCard(number, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** What selling or loading a card answers: the card as it now stands and the row recorded. */
export interface GiftCardLoaded {
  card: GiftCard;
  entry: GiftCardEntry;
}

/** Sells a new card or loads a known one: the card as it now stands and the row recorded. */
export const loadGiftCard = (body: GiftCardLoadBody): Promise<GiftCardLoaded> =>
  api
    .post<{ card: Wire<GiftCard>; entry: Wire<GiftCardEntry> }>('/gift-card', body, { fallbackMessage: messages.giftCardSellFailed })
    .then((answer) => ({ card: cardFromWire<GiftCard>(answer.card), entry: entryFromWire(answer.entry) }));
