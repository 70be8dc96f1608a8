/**
 * Where the money of a refund of a sale paid in parts goes back (docs/api-payments.md "Refunds
 * through tenders"). The amounts start as core's default split of the amount being refunded and
 * follow it until the admin types one; from then on core checks what is typed (blank is 0) and
 * the refund waits while core refuses it. Only a split that differs from the default is sent.
 * A sale of a named customer not paid by card also offers Store credit (0 by default), even when
 * it was paid by one method: core lets store credit take any part of a refund.
 */
import { useState } from 'react';
import type { TenderPart } from '@/lib/core';
import type { Invoice, PaymentMethod } from '@/types/invoice';
import { isPositive } from '@/lib/decimal-text';
import { tenderName } from './format';
import { checkRefundTo, paidByParts, refundsToStoreCredit, saleTenders } from './refund-math';

export interface RefundToRow {
  method: PaymentMethod;
  /**
   * What the method can still give back, by core; null while core is not loaded, and for store
   * credit the sale did not take (it may take any part of the refund).
   */
  left: string | null;
  /** The amount shown in its field: the default split's, or what the admin typed. */
  value: string;
}

export interface RefundTo {
  /** A sale paid by two or more methods, or one whose refund may go to store credit. */
  shown: boolean;
  /** The sale was paid by two or more methods. */
  inParts: boolean;
  rows: RefundToRow[];
  /** The admin typed an amount, so the default no longer fills the fields. */
  edited: boolean;
  /** Why the split cannot be refunded as typed ('' when it can). */
  message: string;
  blocked: boolean;
  /** Where the money goes, by core: null for a one-method sale or before there is an amount. */
  parts: TenderPart[] | null;
  /** The `to` of the refund request: only a split other than the default. */
  to: TenderPart[] | undefined;
  edit: (method: PaymentMethod, value: string) => void;
  reset: () => void;
}

/** Digits with at most 2 decimals, as the server reads an amount. */
const amountPattern = /^\d+(\.\d{1,2})?$/;

type Typed = Partial<Record<PaymentMethod, string>>;

/** `amount`: what is being refunded, once core accepts it as a refund; null before. */
export function useRefundTo(invoice: Invoice, amount: string | null, coreReady: boolean): RefundTo {
  const [typed, setTyped] = useState<Typed | null>(null);
  const inParts = paidByParts(invoice);
  const toCredit = refundsToStoreCredit(invoice);
  const shown = inParts || toCredit;
  const saleMethods = [...new Set(saleTenders(invoice).map((tender) => tender.method))];
  const methods: PaymentMethod[] = !shown ? [] : toCredit && !saleMethods.includes('store-credit') ? [...saleMethods, 'store-credit'] : saleMethods;
  const left = shown ? checkRefundTo(invoice, '0', undefined, coreReady) : null;
  const defaults = shown && amount !== null ? checkRefundTo(invoice, amount, undefined, coreReady) : null;
  const defaultParts = defaults?.ok ? defaults.value.parts : null;

  const defaultValue = (method: PaymentMethod) =>
    defaultParts ? (defaultParts.find((part) => part.method === method)?.amount ?? '0.00') : '';
  const valueOf = (method: PaymentMethod) => (typed ? (typed[method] ?? '') : defaultValue(method));
  const rows = methods.map((method) => ({
    method,
    left: left?.ok ? (left.value.refundable.find((part) => part.method === method)?.amount ?? null) : null,
    value: valueOf(method),
  }));

  let message = '';
  let parts = defaultParts;
  let blocked = false;
  if (typed && shown && amount !== null) {
    const unreadable = methods.find((method) => {
      const value = valueOf(method).trim();
      return value !== '' && !amountPattern.test(value);
    });
    if (unreadable) {
      message = `Enter an amount like 12.50 to refund to ${tenderName(unreadable)}`;
      parts = null;
    } else {
      const to = methods
        .map((method) => ({ method, amount: valueOf(method).trim() }))
        .filter((part) => part.amount !== '' && isPositive(part.amount));
      const check = checkRefundTo(invoice, amount, to, coreReady);
      if (check?.ok) parts = check.value.parts;
      else {
        // Core refused the split, or is not loaded to check it: nothing is sent unchecked.
        message = check?.message ?? '';
        parts = null;
      }
    }
    blocked = parts === null;
  } else if (typed && shown && !coreReady) {
    // Nothing can check the typed split until core has loaded, and it is not sent unchecked.
    blocked = true;
  }

  // Core answers both splits in the order the sale was paid, each amount with 2 decimals.
  const to = typed && parts && defaultParts && JSON.stringify(parts) !== JSON.stringify(defaultParts) ? parts : undefined;
  return {
    shown,
    inParts,
    rows,
    edited: typed !== null,
    message,
    blocked,
    parts,
    to,
    edit: (method, value) => setTyped(Object.fromEntries(methods.map((each) => [each, each === method ? value : valueOf(each)]))),
    reset: () => setTyped(null),
  };
}
