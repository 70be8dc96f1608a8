/**
 * Core's `shiftReport` input from a shift's detail (`GET /shifts/{id}`): its float, sales (by
 * their parts when paid in parts, with their cash rounding), refunds, movements and count,
 * passed as the server sent them. The server builds the same
 * input for its CSV (server/src/sales/shift_reports.rs), so both report the same figures.
 */
import type { CashCount, ShiftInput, ShiftSale, Tender } from '@/lib/core';
import type { ShiftDetail, ShiftTender } from './types';

const text = (value: number | string) => String(value);
type Method = ShiftSale['paymentMethod'];

/** Paid (or given back) in parts: the parts; else the one method. Core takes exactly one of them. */
function paidBy(paymentMethod: string | null, tenders: ShiftTender[] | undefined): Pick<ShiftSale, 'paymentMethod' | 'tenders'> {
  if (tenders && tenders.length > 0) return { tenders: tenders.map((part) => ({ method: part.method as Tender['method'], amount: text(part.amount) })) };
  return { paymentMethod: (paymentMethod ?? '') as Method };
}

export function shiftReportInput(detail: ShiftDetail): ShiftInput {
  const { shift } = detail;
  let counted: CashCount | undefined;
  if (shift.countedCash !== null) {
    counted = shift.denominations
      ? { denominations: shift.denominations.map((line) => ({ value: text(line.value), count: text(line.count) })) }
      : { total: text(shift.countedCash) };
  }
  return {
    openingFloat: text(shift.openingFloat),
    sales: detail.sales.map((sale) => ({
      invoiceId: sale._id,
      ...paidBy(sale.paymentMethod, sale.tenders),
      rounding: text(sale.rounding ?? 0),
      subTotal: text(sale.subTotal),
      totalDiscount: text(sale.totalDiscount),
      totalTax: text(sale.totalTax),
      redeemAmount: text(sale.redeemAmount),
      totalAmount: text(sale.totalAmount),
    })),
    refunds: detail.refunds.map((refund) => ({
      invoiceId: refund.invoiceId,
      ...paidBy(refund.paymentMethod, refund.tenders),
      amount: text(refund.amount),
    })),
    movements: detail.movements.map((movement) => ({ kind: movement.kind, amount: text(movement.amount), reason: movement.reason })),
    counted,
  };
}
