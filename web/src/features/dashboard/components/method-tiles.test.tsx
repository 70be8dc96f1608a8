// @vitest-environment happy-dom
/** The Sales Performance tiles: one per method, store credit only in a period where it took money. */
import { afterEach, describe, expect, it } from 'vitest';
import { renderElement } from '@/test/render';
import { summary } from '../test-fixtures';
import { MethodTiles } from './method-tiles';

let view: Awaited<ReturnType<typeof renderElement>> | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

async function tilesOf(element: Parameters<typeof MethodTiles>[0]) {
  view = await renderElement(<MethodTiles {...element} />);
  return Object.fromEntries([...view.container.querySelectorAll('.method-tile')].map((tile) => [tile.querySelector('dt')?.textContent, tile.querySelector('dd')?.textContent]));
}

describe('the method tiles', () => {
  it('show no store credit tile while store credit took no money', async () => {
    expect(await tilesOf({ summary: summary(10.5, 20, 0, 30.5) })).toEqual({ 'Cash MVR': '10.50', 'Swipe MVR': '20.00', 'Stripe MVR': '0.00', 'Total MVR': '30.50' });
  });

  it('show store credit once it took money', async () => {
    const withCredit = summary(10.5, 20, 0, 43);
    withCredit.date.paymentMethod.push({ paymentType: { paymentMethod: 'store-credit' }, roundedTotalAmount: 12.5 });
    expect(await tilesOf({ summary: withCredit })).toEqual({
      'Cash MVR': '10.50', 'Swipe MVR': '20.00', 'Stripe MVR': '0.00', 'Store credit MVR': '12.50', 'Total MVR': '43.00',
    });
  });

  it('show a gift card tile once a gift card took money, with or without store credit', async () => {
    const withCard = summary(10.5, 20, 0, 55.5);
    withCard.date.paymentMethod.push({ paymentType: { paymentMethod: 'gift-card' }, roundedTotalAmount: 25 });
    expect(await tilesOf({ summary: withCard })).toEqual({
      'Cash MVR': '10.50', 'Swipe MVR': '20.00', 'Stripe MVR': '0.00', 'Gift card MVR': '25.00', 'Total MVR': '55.50',
    });
  });
});
