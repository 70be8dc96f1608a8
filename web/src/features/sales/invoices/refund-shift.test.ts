/** What a refund made online counts in the till's shift: the parts the server sent it back to. */
import { describe, expect, it } from 'vitest';
import { invoiceFromWire } from '@/types/invoice-wire';
import type { Invoice } from '@/types/invoice';
import { shiftRefundOf } from './refund-shift';
import { paidInvoice } from './test-fixtures';

const paid = (fields: object): Invoice => invoiceFromWire({ ...paidInvoice, ref: 'sale-ref', ...fields });
const inParts = (swipeBack: number, cashBack: number, refundedAmount: number) =>
  paid({
    refundedAmount,
    tenders: [{ method: 'internal-device', amount: 60, refunded: swipeBack }, { method: 'cash', amount: 49.5, refunded: cashBack }],
  });

describe('a refund in the till’s shift', () => {
  it('goes by the parts whose refunded amounts grew, when they are of two methods', () => {
    expect(shiftRefundOf(inParts(0, 0, 0), inParts(10.5, 49.5, 60))).toEqual({
      invoiceId: 'sale-ref', amount: '60', tenders: [{ method: 'internal-device', amount: '10.5' }, { method: 'cash', amount: '49.5' }],
    });
  });

  it('goes by one method when only that part grew, a later refund counting only what it added', () => {
    expect(shiftRefundOf(inParts(0, 20, 20), inParts(0, 30, 30))).toEqual({ invoiceId: 'sale-ref', amount: '10', paymentMethod: 'cash' });
  });

  it('goes by the sale’s method when the answer has no parts', () => {
    expect(shiftRefundOf(paid({ paymentMethod: 'internal-device' }), paid({ paymentMethod: 'internal-device', refundedAmount: 5 }))).toEqual({
      invoiceId: 'sale-ref', amount: '5', paymentMethod: 'internal-device',
    });
  });
});
