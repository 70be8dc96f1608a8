import { useId, type Ref } from 'react';
import { cashBalance, CoreError, tenderPlan } from '@/lib/core';
import { twoDecimals } from '../invoices/format';
import type { TillPayment } from '../local/payment-commands';
import type { Decimal } from '@/types/invoice';

/** The payment dialog writes its amounts with the MVR prefix. */
export const DIALOG_CURRENCY = 'MVR';

export const TYPE_AN_AMOUNT = 'Type the amount received, e.g. 250 or 250.50';

interface CashReceivedProps {
  received: string;
  onReceivedChange: (value: string) => void;
  totalAmount: Decimal;
  /** The parts taken so far and the shop's cash rounding. */
  payment: TillPayment;
  /** Enter in the box: the cashier has typed what was handed over (takes it as cash). */
  onEnter?: () => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * What the customer handed over, and its balance against what is left to pay: the change to give
 * back when it settles the sale, what is still owed when it is a part, or core's refusal (cash
 * that covers the rest but not its rounded amount). Every figure is core's (exact decimals).
 */
export function CashReceived({ received, onReceivedChange, totalAmount, payment, onEnter, inputRef }: CashReceivedProps) {
  const id = useId();
  const balance = balanceOf(received, totalAmount, payment);
  return (
    <div className="payment-dialog__cash">
      <div className="field">
        <label className="field__label" htmlFor={id}>
          Received amount
        </label>
        <div className="field__box">
          <input
            id={id}
            ref={inputRef}
            className="field__input"
            inputMode="decimal"
            autoComplete="off"
            value={received}
            onChange={(event) => onReceivedChange(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' || !onEnter) return;
              event.preventDefault();
              onEnter();
            }}
            aria-describedby={`${id}-balance ${id}-hint`}
            aria-invalid={balance.kind === 'invalid' || undefined}
          />
        </div>
      </div>
      <p id={`${id}-balance`} className={`payment-dialog__balance payment-dialog__balance--${balance.kind}`} aria-live="polite">
        {balance.text}
      </p>
      <p id={`${id}-hint`} className="payment-dialog__hint">
        Empty: pays what is left. Less: taken as one part.
      </p>
    </div>
  );
}

type Balance = { kind: 'none' | 'change' | 'owed' | 'invalid'; text: string };

function balanceOf(received: string, totalAmount: Decimal, payment: TillPayment): Balance {
  const typed = received.trim();
  if (!typed) return { kind: 'none', text: 'Balance: —' };
  try {
    const before = tenderPlan({ totalAmount, cashRounding: payment.cashRounding, tenders: payment.tenders });
    // The plain difference first: text that is no amount is told as such, not as a part's refusal.
    const owed = ask(() => cashBalance({ received: typed, totalAmount: before.remaining }).balance);
    if (owed === null) return { kind: 'invalid', text: TYPE_AN_AMOUNT };
    const after = tenderPlan({ totalAmount, cashRounding: payment.cashRounding, tenders: [...payment.tenders, { method: 'cash', amount: typed }] });
    if (after.complete) return { kind: 'change', text: `Balance: ${DIALOG_CURRENCY}${twoDecimals(after.change)}` };
    return { kind: 'owed', text: `Balance: ${DIALOG_CURRENCY}${twoDecimals(owed)} (still owed)` };
  } catch (error) {
    if (error instanceof CoreError) return { kind: 'invalid', text: error.message };
    throw error;
  }
}

/** Core's answer, or null when core refuses the input. */
function ask<T>(run: () => T): T | null {
  try {
    return run();
  } catch (error) {
    if (error instanceof CoreError) return null;
    throw error;
  }
}
