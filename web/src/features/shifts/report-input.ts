/**
 * Core's `shiftReport` input from a shift's detail (`GET /shifts/{id}`): its float, sales,
 * refunds, movements and count, passed as the server sent them. The server builds the same
 * input for its CSV (server/src/sales/shift_reports.rs), so both report the same figures.
 */
import type { CashCount, ShiftInput, ShiftSale } from '@/lib/core';
import type { ShiftDetail } from './types';

const text = (value: number | string) => String(value);

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
      paymentMethod: (sale.paymentMethod ?? '') as ShiftSale['paymentMethod'],
      subTotal: text(sale.subTotal),
      totalDiscount: text(sale.totalDiscount),
      totalTax: text(sale.totalTax),
      redeemAmount: text(sale.redeemAmount),
      totalAmount: text(sale.totalAmount),
    })),
    refunds: detail.refunds.map((refund) => ({
      invoiceId: refund.invoiceId,
      paymentMethod: (refund.paymentMethod ?? '') as ShiftSale['paymentMethod'],
      amount: text(refund.amount),
    })),
    movements: detail.movements.map((movement) => ({ kind: movement.kind, amount: text(movement.amount), reason: movement.reason })),
    counted,
  };
}
