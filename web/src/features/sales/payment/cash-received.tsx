import { useId } from 'react';
import { cashBalance, CoreError } from '@/lib/core';
import { twoDecimals } from '../invoices/format';
import type { CashTendered, Decimal } from '@/types/invoice';

/** The payment dialog writes its amounts with the MVR prefix. */
export const DIALOG_CURRENCY = 'MVR';

interface CashReceivedProps {
  received: string;
  onReceivedChange: (value: string) => void;
  totalAmount: Decimal;
  /** Enter in the box: the cashier has typed what was handed over (pays cash). */
  onEnter?: () => void;
}

/**
 * What the customer handed over and the change to give back. The balance equals
 * the received amount minus the total, worked out by the core (exact decimals, never floats);
 * a negative balance is what is still owed.
 */
export function CashReceived({ received, onReceivedChange, totalAmount, onEnter }: CashReceivedProps) {
  const id = useId();
  const balance = balanceOf(received, totalAmount);
  return (
    <div className="payment-dialog__cash">
      <div className="field">
        <label className="field__label" htmlFor={id}>
          Received amount
        </label>
        <div className="field__box">
          <input
            id={id}
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
            aria-describedby={`${id}-balance`}
            aria-invalid={balance.kind === 'invalid' || undefined}
          />
        </div>
      </div>
      <p id={`${id}-balance`} className={`payment-dialog__balance payment-dialog__balance--${balance.kind}`} aria-live="polite">
        {balance.text}
      </p>
    </div>
  );
}

/** What the cashier typed as received, when it covers the total: the change (the core's), else null. */
export function cashTendered(received: string, totalAmount: Decimal): CashTendered | null {
  if (!received.trim()) return null;
  try {
    const { balance } = cashBalance({ received: received.trim(), totalAmount });
    return balance.startsWith('-') ? null : { received: received.trim(), change: balance };
  } catch (error) {
    if (error instanceof CoreError) return null;
    throw error;
  }
}

type Balance = { kind: 'none' | 'change' | 'owed' | 'invalid'; text: string };

function balanceOf(received: string, totalAmount: Decimal): Balance {
  if (!received.trim()) return { kind: 'none', text: 'Balance: —' };
  try {
    const { balance } = cashBalance({ received: received.trim(), totalAmount });
    const owed = balance.startsWith('-');
    return {
      kind: owed ? 'owed' : 'change',
      text: `Balance: ${DIALOG_CURRENCY}${twoDecimals(balance)}${owed ? ' (still owed)' : ''}`,
    };
  } catch (error) {
    if (error instanceof CoreError) return { kind: 'invalid', text: 'Type the amount received, e.g. 250 or 250.50' };
    throw error;
  }
}
