import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCore } from '@/test/core';
import { cartWithLines } from '../cart/till-test-fixtures';
import { asLocal } from './local-route-support';
import { localTill } from './local-test-support';
import { recordCardPaid } from './card-paid';

const paidByCard = (ref: string) => ({
  ...cartWithLines(),
  ref,
  status: 'paid' as const,
  paidAt: 1_790_000_000_000,
  updatedAt: 1_790_000_000_000,
  paymentMethod: 'digital' as const,
  cardStatus: 'paid' as const,
});

beforeAll(loadCore);

describe('a card payment confirmed by the server', () => {
  it('marks the till’s own copy paid and pulls the stock and points it moved', async () => {
    const till = await localTill();
    const held = asLocal(cartWithLines());
    await till.db.invoices.put(held);
    const pullNow = vi.fn(async () => {});
    expect(await recordCardPaid({ ...till.data, pullNow }, paidByCard(held.ref))).toBe(true);
    expect(await till.db.invoices.get(held.ref)).toMatchObject({
      status: 'paid',
      paymentMethod: 'digital',
      cardStatus: 'paid',
      paidAt: 1_790_000_000_000,
      products: held.products,
    });
    expect(pullNow).toHaveBeenCalledTimes(1);
    expect(await till.db.outbox.count()).toBe(0);
  });

  it('leaves alone an invoice the till does not hold, or one not paid', async () => {
    const till = await localTill();
    expect(await recordCardPaid(till.data, paidByCard('00000000-0000-4000-8000-000000000099'))).toBe(false);
    const held = asLocal(cartWithLines());
    await till.db.invoices.put(held);
    expect(await recordCardPaid(till.data, { ...paidByCard(held.ref), status: 'active' })).toBe(false);
    expect((await till.db.invoices.get(held.ref))?.status).toBe(held.status);
  });
});
