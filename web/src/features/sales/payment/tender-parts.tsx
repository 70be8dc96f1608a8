import { X } from 'lucide-react';
import type { TenderPlan } from '@/lib/core';
import { isPositive } from '@/lib/decimal-text';
import { partName, twoDecimals } from '../invoices/format';
import type { TillTender } from '../local/payment-commands';
import { DIALOG_CURRENCY } from './cash-received';

interface TenderPartsProps {
  /** As handed over (a cash amount is what the customer gave). */
  parts: TillTender[];
  /** Core's plan of them: what each paid, what is paid and what is left. */
  plan: TenderPlan;
  /** The shop rounds cash: what is left is also due in cash, rounded. */
  roundsCash: boolean;
  disabled: boolean;
  onRemove: (index: number) => void;
}

const inDialog = (amount: string) => `${DIALOG_CURRENCY}${twoDecimals(amount)}`;

/**
 * The parts of a sale paid so far, each with a button to take it back (nothing is recorded until
 * the whole sale is paid), then Paid, Remaining and, when the shop rounds cash, Cash due.
 */
export function TenderParts({ parts, plan, roundsCash, disabled, onRemove }: TenderPartsProps) {
  return (
    <section className="payment-dialog__parts" aria-label="Parts taken">
      <ol className="payment-dialog__part-list">
        {parts.map((part, index) => {
          const label = `${partName(part)} ${inDialog(part.amount)}`;
          return (
            <li key={index} className="payment-dialog__part">
              <span>{partName(part)}</span>
              <span className="payment-dialog__part-amount">{inDialog(part.amount)}</span>
              <button
                type="button"
                className="icon-button payment-dialog__part-remove"
                aria-label={`Remove ${label}`}
                title={`Remove ${label}`}
                disabled={disabled}
                onClick={() => onRemove(index)}
              >
                <X aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ol>
      <PaymentFigures plan={plan} roundsCash={roundsCash} />
    </section>
  );
}

/** Paid, Remaining and (when the shop rounds cash) Cash due, side by side. */
export function PaymentFigures({ plan, roundsCash }: { plan: TenderPlan; roundsCash: boolean }) {
  return (
    <dl className="payment-dialog__figures">
      <div>
        <dt>Paid</dt>
        <dd>{inDialog(plan.paid)}</dd>
      </div>
      <div>
        <dt>Remaining</dt>
        <dd>{inDialog(plan.remaining)}</dd>
      </div>
      {roundsCash && (
        <div>
          <dt>Cash due</dt>
          <dd>{inDialog(plan.cashDue)}</dd>
        </div>
      )}
    </dl>
  );
}

/** Whether a rounding step rounds anything ("0", absent: no). */
export const roundsCash = (cashRounding: string) => isPositive(cashRounding);
