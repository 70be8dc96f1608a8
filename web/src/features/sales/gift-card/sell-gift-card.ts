/**
 * Selling a gift card (or loading one sold before) at the till: sent at once, as the server must
 * say whether the number is new before the money is taken. Cash goes into the till's open shift
 * as a pay in ("Gift card GC00017788 sold", or "loaded" for a card sold before), and the till keeps the card's new balance so it can
 * pay offline later.
 */
import { loadGiftCard, type GiftCardLoaded, type GiftCardLoadMethod } from '../api/gift-cards';
import { rememberGiftCard } from '../local/gift-card';
import { sendWithPayIn } from '../local/pay-in-shift';
import { nowOf, type TillData } from '../local/till-data';

export interface GiftCardSale {
  /** One per sale the cashier confirms, kept across a retry: the server records it once. */
  ref: string;
  /** As core normalised it. */
  number: string;
  amount: string;
  method: GiftCardLoadMethod;
  /** Who took the money. */
  by: string;
}

/** The pay in's reason as the server writes it: "sold" for a new card, "loaded" for one sold before. */
export const giftCardPayInReason = (number: string, kind: string) => `Gift card ${number} ${kind === 'sold' ? 'sold' : 'loaded'}`;

export async function sellGiftCard(data: TillData | null, sale: GiftCardSale) {
  const { number, amount, method, ref, by } = sale;
  const answer = await sendWithPayIn<GiftCardLoaded>(data, { ref, amount, method, by, reason: (loaded) => giftCardPayInReason(loaded.card.number, loaded.entry.kind) }, (shiftRef) =>
    loadGiftCard({ number, amount, method, ref, ...(shiftRef ? { shiftRef } : {}) }),
  );
  if (data) await rememberGiftCard(data.db, answer.card, nowOf(data));
  return answer;
}
