/**
 * The shop's cash rounding step as the till last read it online (`GET /shop/payment-settings`),
 * kept in `tillSettings` so sales paid offline round cash as the shop asks. A till that has not
 * read it yet rounds no cash ("0").
 */
import type { TillDb } from '@/features/offline';
import type { Decimal } from '@/types/invoice';

export const NO_CASH_ROUNDING = '0';

export async function cashRoundingOf(db: TillDb): Promise<Decimal> {
  const row = await db.tillSettings.get('cashRounding');
  return row?.key === 'cashRounding' ? row.value : NO_CASH_ROUNDING;
}

export async function keepCashRounding(db: TillDb, cashRounding: Decimal): Promise<void> {
  await db.tillSettings.put({ key: 'cashRounding', value: cashRounding });
}
