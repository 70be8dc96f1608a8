/**
 * Entering a gift card at the till: online, the server's balance and ledger, which the till
 * keeps so the card can pay offline later; offline (or when the server cannot be reached), the
 * balance this till last learnt, and a refusal for a card it never learnt.
 */
import { ApiError } from '@/lib/api-client';
import type { GiftCardRow } from '@/features/offline';
import { findGiftCard, type GiftCardLedger } from '../api/gift-cards';
import { GIFT_CARD_NOT_CHECKED, rememberGiftCard } from '../local/gift-card';
import { nowOf, TillRefusal, type TillData } from '../local/till-data';

export type GiftCardLookUp =
  /** The server's answer (and the till now keeps its balance). */
  | { number: string; ledger: GiftCardLedger; remembered: null }
  /** Offline: what the till last learnt. */
  | { number: string; ledger: null; remembered: GiftCardRow };

export const noSuchGiftCard = (number: string) => `No gift card ${number} in this shop`;

/** `number` as core normalised it (local/gift-card.ts `giftCardNumberOf`). */
export async function lookUpGiftCard(data: TillData, number: string, online: boolean): Promise<GiftCardLookUp> {
  if (online) {
    try {
      const ledger = await findGiftCard(number);
      if (!ledger) throw new TillRefusal(noSuchGiftCard(number));
      await rememberGiftCard(data.db, ledger, nowOf(data));
      return { number, ledger, remembered: null };
    } catch (error) {
      // No answer at all: the till is offline after all, and what it learnt before still holds.
      if (!(error instanceof ApiError && error.isNetworkError)) throw error;
    }
  }
  const remembered = await data.db.giftCards.get(number);
  if (!remembered) throw new TillRefusal(GIFT_CARD_NOT_CHECKED);
  return { number, ledger: null, remembered };
}
