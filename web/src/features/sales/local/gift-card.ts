/**
 * Spending a gift card at the till, offline too: what core's `tenderPlan` bounds a gift-card part
 * by is the card's balance as this till last learnt it (the `giftCards` table: the server's answer
 * when the cashier entered the card online, or sold it here) and the gift-card parts naming it in
 * this device's paid but unsent sales, which the server's ledger does not show yet. A card this
 * till never learnt cannot pay offline. The till never spends from its copy of the balance: the
 * balance moves only on the server, and the till learns it again the next time the card is
 * entered online.
 */
import type { StoredCommand, TillDb } from '@/features/offline';
import { CoreError, giftCardNumber, type Spendable } from '@/lib/core';
import { canonicalDecimal } from '@/lib/decimal-text';
import type { Decimal } from '@/types/invoice';
import { TillRefusal } from './till-data';

export const GIFT_CARD_NOT_CHECKED = 'This card has not been checked on this till yet: check it while online';

/** The card's number as stored (capitals and digits), or core's refusal of what was typed. */
export function giftCardNumberOf(typed: string): string {
  try {
    return giftCardNumber({ number: typed }).number;
  } catch (error) {
    if (error instanceof CoreError) throw new TillRefusal(error.message);
    throw error;
  }
}

const isUnsentPayment = (command: StoredCommand) => command.state !== 'rejected' && command.action.type === 'payInvoice';

/** The gift-card parts naming the card in this device's unsent payments, as handed over. */
export async function heldGiftCard(db: TillDb, number: string): Promise<string[]> {
  const payments = await db.outbox.filter(isUnsentPayment).toArray();
  return payments.flatMap(({ action }) => {
    if (action.type !== 'payInvoice') return [];
    return (action.payload.tenders ?? []).filter((tender) => tender.method === 'gift-card' && tender.card === number).map((tender) => tender.amount);
  });
}

/** The card as core bounds it, or null when this till has never learnt the card. */
export async function giftCardFor(db: TillDb, number: string): Promise<Spendable | null> {
  const row = await db.giftCards.get(number);
  if (!row) return null;
  return { balance: row.balance, held: await heldGiftCard(db, number) };
}

/** `giftCardFor`, or the refusal a card never learnt here gets. */
export async function spendableGiftCard(db: TillDb, number: string): Promise<Spendable> {
  const card = await giftCardFor(db, number);
  if (!card) throw new TillRefusal(GIFT_CARD_NOT_CHECKED);
  return card;
}

/** Keeps the balance the server just gave for the card, for when the till is offline. */
export async function rememberGiftCard(db: TillDb, card: { number: string; balance: Decimal }, at: number): Promise<void> {
  await db.giftCards.put({ number: card.number, balance: canonicalDecimal(card.balance), learntAt: at });
}
